import { SchemaOptions } from '@payments/persistence';
import { ImportJob } from '@bulk-import/jobs/import-job.entity';
import { BulkImportInitial1763700000000 } from '@bulk-import/migrations/1763700000000-bulk-import-initial';
import { ImportJobs1764100000000 } from '@bulk-import/migrations/1764100000000-import-jobs';
import { Parking1764500000000 } from '@bulk-import/migrations/1764500000000-parking';
import { DoneImportChunks1764920000001 } from '@bulk-import/migrations/1764920000001-done-import-chunks';
import { ImportJobList1766600000000 } from '@bulk-import/migrations/1766600000000-import-job-list';
import { ImportWarnings1767000000000 } from '@bulk-import/migrations/1767000000000-import-warnings';

/**
 * The tables are written with plain SQL (jobs/import-jobs.store.ts): bulk statements. The one entity
 * is the jobs' list, read with the page query every list shares.
 */
export const BULK_IMPORT_SCHEMA: SchemaOptions = {
  schema: 'bulk_import',
  entities: [ImportJob],
  migrations: [
    BulkImportInitial1763700000000,
    ImportJobs1764100000000,
    Parking1764500000000,
    DoneImportChunks1764920000001,
    ImportJobList1766600000000,
    ImportWarnings1767000000000,
  ],
};
