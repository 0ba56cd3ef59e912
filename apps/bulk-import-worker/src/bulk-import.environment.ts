import { Type } from 'class-transformer';
import { IsInt, IsUrl, Matches, Max, Min } from 'class-validator';
import { CommonEnvironment } from '@payments/runtime';

export class BulkImportEnvironment extends CommonEnvironment {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  BULK_IMPORT_WORKER_PORT = 8085;

  /** The customers app, which creates the imported customers. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  CUSTOMERS_URL = 'http://127.0.0.1:8081';

  /**
   * Namespace of the BullMQ keys in Redis (`<prefix>:customer-import:*`); deployments or test runs
   * sharing a Redis keep their queues apart with their own. The KEDA trigger names the same keys.
   */
  @Matches(/^[\w.-]+$/, { message: 'BULLMQ_PREFIX may hold letters, digits, ".", "_" and "-" only' })
  BULLMQ_PREFIX = 'bull';

  /** Data rows one upload may hold; more is refused with 413. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  BULK_MAX_ROWS = 1_000_000;

  /** Bytes one uploaded file may hold; more is refused with 413. */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(4 * 1024 ** 3)
  BULK_MAX_BYTES = 512 * 1024 * 1024;

  /**
   * Characters one CSV record (a row, the header too) may hold; a longer one is refused with 400
   * naming its row, read no further than this.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(16 * 1024 * 1024)
  BULK_MAX_RECORD_BYTES = 64 * 1024;

  /** Fields one CSV record may hold; more is refused with 400 naming the row. */
  @Type(() => Number)
  @IsInt()
  @Min(16)
  @Max(10_000)
  BULK_MAX_COLUMNS = 100;

  /** Silence after which an upload still being sent is abandoned with 408 REQUEST_TIMEOUT. */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  @Max(600_000)
  BULK_UPLOAD_IDLE_TIMEOUT_MS = 30_000;

  /**
   * Uploads one platform (per environment) may have running at once across every replica; the next
   * is refused with 429 before it is read.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  BULK_MAX_CONCURRENT_UPLOADS_PER_PLATFORM = 2;

  /** Rows per chunk, the unit of work on the queue and of one customers batch. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5_000)
  BULK_CHUNK_ROWS = 1_000;

  /** Chunks one replica works on at the same time. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(64)
  BULK_WORKER_CONCURRENCY = 1;

  /**
   * How long a replica's hold on a chunk lasts without renewal; a replica that dies loses its chunks
   * to the others within about one and a half times this (see chunkLockOptions).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1_000)
  @Max(600_000)
  BULK_CHUNK_LOCK_MS = 5_000;

  /**
   * How long a done chunk is kept (docs/operations.md#retention). Once done it holds no rows and
   * nothing reads it; a job's counters and failed rows, which GET /customers/bulk/jobs/{jobId}
   * shows, are kept for good.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3_660)
  IMPORT_CHUNK_RETENTION_DAYS = 7;
}
