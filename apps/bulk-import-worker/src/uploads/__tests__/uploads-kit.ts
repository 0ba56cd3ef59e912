import { ConfigService } from '@nestjs/config';
import { BulkImportError, Environment, toApiId } from '@payments/contracts';
import { Caller, PlatformScope } from '@payments/http';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { ChunkQueue } from '@bulk-import/chunks/chunk-queue';
import { StoredRow } from '@bulk-import/csv/csv-row';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';
import { UploadSlots } from '@bulk-import/uploads/upload-slots';
import { UploadsService } from '@bulk-import/uploads/uploads.service';

export const caller: Caller = {
  platformId: toApiId('Platform', randomUUID()),
  environment: Environment.Sandbox,
  requestId: 'req-1',
};

/** What an upload writes, in order; written only once its transaction commits. */
export type Write =
  | { kind: 'job'; id: string; scope: PlatformScope; columns: string[]; fieldCount: number }
  | { kind: 'chunk'; chunkIndex: number; firstRow: number; rows: StoredRow[] }
  | { kind: 'seal'; totalRows: number; chunkCount: number }
  | { kind: 'fail'; error: BulkImportError & { rowNumber: number } };

/**
 * The import tables behind one query runner: the store's writes are staged in its transaction and
 * kept at commit; a rollback, or a rollback to the `rows` savepoint, drops what came after.
 */
class StagedTables {
  committed: Write[] = [];
  private staged: Write[] = [];
  private savepoint = 0;
  private active = false;

  readonly runner = {
    manager: {},
    connect: jest.fn(async () => undefined),
    release: jest.fn(async () => undefined),
    startTransaction: async () => {
      this.active = true;
    },
    commitTransaction: async () => {
      this.committed.push(...this.staged);
      this.end();
    },
    rollbackTransaction: async () => this.end(),
    isTransactionActive: false,
    query: async (sql: string) => {
      if (sql === 'SAVEPOINT rows') this.savepoint = this.staged.length;
      else if (sql === 'ROLLBACK TO SAVEPOINT rows') this.staged.length = this.savepoint;
      else throw new Error(`unexpected SQL: ${sql}`);
    },
  };

  /** ImportJobsStore's writes of an upload; sealing a job without chunks completes it, as its SQL does. */
  readonly store = {
    insertJob: async (
      _manager: unknown,
      job: { id: string; scope: PlatformScope; columns: string[]; fieldCount: number },
    ) =>
      this.stage({
        kind: 'job',
        id: job.id,
        scope: job.scope,
        columns: job.columns,
        fieldCount: job.fieldCount,
      }),
    insertChunk: async (
      _manager: unknown,
      _jobId: string,
      chunkIndex: number,
      firstRow: number,
      rows: StoredRow[],
    ) => this.stage({ kind: 'chunk', chunkIndex, firstRow, rows }),
    sealJob: async (_manager: unknown, _jobId: string, totalRows: number, chunkCount: number) => {
      this.stage({ kind: 'seal', totalRows, chunkCount });
      return chunkCount === 0 ? 'COMPLETED' : 'PENDING';
    },
    failJob: async (_manager: unknown, _jobId: string, error: BulkImportError & { rowNumber: number }) =>
      this.stage({ kind: 'fail', error }),
  };

  private stage(write: Write): void {
    if (!this.active) throw new Error('written outside the transaction');
    this.staged.push(write);
    this.runner.isTransactionActive = true;
  }

  private end(): void {
    this.staged = [];
    this.active = false;
    this.runner.isTransactionActive = false;
  }
}

export interface UploadLimits {
  BULK_MAX_ROWS: number;
  BULK_MAX_BYTES: number;
  BULK_CHUNK_ROWS: number;
  BULK_MAX_RECORD_BYTES: number;
  BULK_MAX_COLUMNS: number;
  BULK_UPLOAD_IDLE_TIMEOUT_MS: number;
}

/** An UploadsService whose tables are StagedTables and whose queue is a jest function. */
export function uploadsService(limits: Partial<UploadLimits> = {}) {
  const settings: UploadLimits = {
    BULK_MAX_ROWS: 100,
    BULK_MAX_BYTES: 64 * 1024,
    BULK_CHUNK_ROWS: 2,
    BULK_MAX_RECORD_BYTES: 4 * 1024,
    BULK_MAX_COLUMNS: 100,
    BULK_UPLOAD_IDLE_TIMEOUT_MS: 30_000,
    ...limits,
  };
  const tables = new StagedTables();
  const dataSource = { createQueryRunner: jest.fn(() => tables.runner) };
  const queue = { enqueue: jest.fn(async () => undefined) };
  const slots = { acquire: jest.fn(async () => ({ release: jest.fn(async () => undefined) })) };
  const config = { get: (name: keyof UploadLimits) => settings[name] };
  const service = new UploadsService(
    dataSource as unknown as DataSource,
    tables.store as unknown as ImportJobsStore,
    queue as unknown as ChunkQueue,
    slots as unknown as UploadSlots,
    config as unknown as ConfigService<BulkImportEnvironment, true>,
  );
  return { service, tables, dataSource, queue, slots };
}

const BOUNDARY = 'upload-boundary';

/**
 * A multipart request carrying `parts` of the file one after the other, each read on its own turn
 * of the event loop: as a client's packets arrive, the parser reads the rows of one before the next.
 */
export function upload(...parts: (string | Buffer)[]): IncomingMessage {
  const chunks = [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="customers.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    ...parts.map((part) => Buffer.from(part)),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ];
  const body = new Readable({
    read() {
      setImmediate(() => this.push(chunks.shift() ?? null));
    },
  });
  return Object.assign(body, {
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(chunks.reduce((length, chunk) => length + chunk.length, 0)),
    },
  }) as unknown as IncomingMessage;
}
