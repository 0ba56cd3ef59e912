import {
  InboxRetention1764920000000,
  OutboxParking1764600000000,
  SchemaOptions,
} from '@payments/persistence';
import { BulkImportInitial1763700000000 } from '@bulk-import/migrations/1763700000000-bulk-import-initial';
import { ImportJobs1764100000000 } from '@bulk-import/migrations/1764100000000-import-jobs';
import { Parking1764500000000 } from '@bulk-import/migrations/1764500000000-parking';
import { DoneImportChunks1764920000001 } from '@bulk-import/migrations/1764920000001-done-import-chunks';

/** The tables are read and written with plain SQL (jobs/import-jobs.store.ts): bulk statements, no entities. */
export const BULK_IMPORT_SCHEMA: SchemaOptions = {
  schema: 'bulk_import',
  entities: [],
  migrations: [
    BulkImportInitial1763700000000,
    ImportJobs1764100000000,
    Parking1764500000000,
    OutboxParking1764600000000,
    InboxRetention1764920000000,
    DoneImportChunks1764920000001,
  ],
};
