import { SchemaOptions } from '@payments/persistence';
import { BulkImportInitial1763700000000 } from '@bulk-import/migrations/1763700000000-bulk-import-initial';

export const BULK_IMPORT_SCHEMA: SchemaOptions = {
  schema: 'bulk_import',
  entities: [],
  migrations: [BulkImportInitial1763700000000],
};
