import { ConfigService } from '@nestjs/config';
import { RetentionPolicies } from '@payments/persistence';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';

/**
 * The bulk importer's tables purged besides its inbox (docs/operations.md#retention): done chunks,
 * which hold no rows and are read by nothing (a chunk taken again finds no PENDING row and is
 * skipped either way). Jobs and their failed rows are what a GET of a job shows: never purged.
 */
export const BULK_IMPORT_RETENTION: RetentionPolicies = (
  config: ConfigService<BulkImportEnvironment, true>,
) => [
  {
    table: 'import_chunks',
    agedFrom: 'done_at',
    onlyWhere: `status = 'DONE'`,
    retentionHours: config.get('IMPORT_CHUNK_RETENTION_DAYS', { infer: true }) * 24,
  },
];
