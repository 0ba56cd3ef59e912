import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BULK_IMPORT_JOB_EVENTS,
  BulkImportError,
  BulkImportJobEvent,
  BulkImportJobSnapshot,
  BulkImportJobStatus,
  createEvent,
  Environment,
  toApiId,
} from '@payments/contracts';
import { PlatformScope } from '@payments/http';
import { Outbox } from '@payments/persistence';
import { DataSource, EntityManager } from 'typeorm';
import { StoredRow } from '@bulk-import/csv/csv-row';
import { insertRowNotices, listRowNotices, RowNotice } from '@bulk-import/jobs/row-notices.store';

/** How many failed rows, and rows with warnings, a job view (and its webhook) lists; progress.failed counts the failed ones all. */
export const LISTED_ERRORS = 1000;

interface JobRow {
  id: string;
  platform_id: string;
  environment: Environment;
  status: BulkImportJobStatus;
  total_rows: number;
  processed: number;
  successful: number;
  failed: number;
  completed_at: Date | null;
}

/** A job as its view shows it: the event's snapshot, whose warnings this version always lists. */
export type ImportJobSnapshot = BulkImportJobSnapshot & { warnings: BulkImportError[] };

/** A chunk taken up by a replica, with what it needs to process it. */
export interface StartedChunk {
  jobId: string;
  chunkIndex: number;
  scope: PlatformScope;
  requestId: string | null;
  columns: string[];
  /** How many fields the file's rows have. */
  fieldCount: number;
  firstRow: number;
  rows: StoredRow[];
}

export interface ChunkOutcome {
  /** Rows whose customer was created, those with warnings included. */
  successful: number;
  errors: RowNotice[];
  /** Created customers lacking what the platform's currencies require. */
  warnings: RowNotice[];
}

/**
 * The import jobs, their stored chunks and their failed rows, with plain SQL: a chunk is written and
 * read in one statement however many rows it holds. A job's counters add up its finished chunks; the
 * chunk that finishes last completes the job and, in the same transaction, publishes it.
 */
@Injectable()
export class ImportJobsStore {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async insertJob(
    manager: EntityManager,
    job: { id: string; scope: PlatformScope; columns: string[]; fieldCount: number; requestId?: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO import_jobs (id, platform_id, environment, status, columns, request_id) VALUES ($1, $2, $3, 'PENDING', $4, $5)`,
      [
        job.id,
        job.scope.platformId,
        job.scope.environment,
        JSON.stringify({ names: job.columns, fieldCount: job.fieldCount }),
        job.requestId ?? null,
      ],
    );
  }

  async insertChunk(
    manager: EntityManager,
    jobId: string,
    chunkIndex: number,
    firstRow: number,
    rows: StoredRow[],
  ): Promise<void> {
    await manager.query(
      `INSERT INTO import_chunks (job_id, chunk_index, first_row, rows) VALUES ($1, $2, $3, $4)`,
      [jobId, chunkIndex, firstRow, JSON.stringify(rows)],
    );
  }

  /** Records how many rows and chunks the stored upload has; an empty file is COMPLETED at once. */
  async sealJob(
    manager: EntityManager,
    jobId: string,
    totalRows: number,
    chunkCount: number,
    requestId?: string,
  ): Promise<BulkImportJobStatus> {
    const [job] = await updated<JobRow>(
      manager,
      `UPDATE import_jobs SET total_rows = $2, chunk_count = $3, updated_at = now(),
         status = CASE WHEN $3 = 0 THEN 'COMPLETED' ELSE status END,
         completed_at = CASE WHEN $3 = 0 THEN now() END
       WHERE id = $1 RETURNING *`,
      [jobId, totalRows, chunkCount],
    );
    if (job.status === 'COMPLETED') await this.publishFinished(manager, job, requestId);
    return job.status;
  }

  /** A file that stopped being readable: FAILED at once, with one error naming where. */
  async failJob(manager: EntityManager, jobId: string, error: RowNotice, requestId?: string): Promise<void> {
    await insertRowNotices(manager, 'import_errors', jobId, [error]);
    const [job] = await updated<JobRow>(
      manager,
      `UPDATE import_jobs SET status = 'FAILED', updated_at = now(), completed_at = now() WHERE id = $1 RETURNING *`,
      [jobId],
    );
    await this.publishFinished(manager, job, requestId);
  }

  async view(scope: PlatformScope, jobId: string): Promise<ImportJobSnapshot | undefined> {
    const [job]: JobRow[] = await this.dataSource.query(
      `SELECT * FROM import_jobs WHERE id = $1 AND platform_id = $2 AND environment = $3`,
      [jobId, scope.platformId, scope.environment],
    );
    return job ? this.snapshot(this.dataSource.manager, job) : undefined;
  }

  /**
   * Takes up a chunk for `worker`: counts the attempt, moves its job to PROCESSING, and returns the
   * rows; undefined when the chunk is done already (a duplicate or a retry after the outcome was stored).
   */
  async startChunk(jobId: string, chunkIndex: number, worker: string): Promise<StartedChunk | undefined> {
    const [chunk] = await this.dataSource.query(
      `WITH chunk AS (
         UPDATE import_chunks SET attempts = attempts + 1, started_by = $3
         WHERE job_id = $1 AND chunk_index = $2 AND status = 'PENDING'
         RETURNING job_id, chunk_index, first_row, rows),
       job AS (
         UPDATE import_jobs SET status = 'PROCESSING', updated_at = now()
         WHERE id = $1 AND status = 'PENDING' AND EXISTS (SELECT 1 FROM chunk))
       SELECT chunk.*, j.platform_id, j.environment, j.columns, j.request_id
       FROM chunk JOIN import_jobs j ON j.id = chunk.job_id`,
      [jobId, chunkIndex, worker],
    );
    if (!chunk) return undefined;
    return {
      jobId,
      chunkIndex,
      scope: { platformId: chunk.platform_id, environment: chunk.environment },
      requestId: chunk.request_id,
      columns: chunk.columns.names,
      fieldCount: chunk.columns.fieldCount,
      firstRow: chunk.first_row,
      rows: JSON.parse(chunk.rows),
    };
  }

  /**
   * Stores a chunk's outcome once: a second finish of the same chunk changes nothing. Returns the
   * job's status afterwards, COMPLETED when this was its last chunk (then published in the same
   * transaction), or undefined for a duplicate.
   */
  finishChunk(
    jobId: string,
    chunkIndex: number,
    worker: string,
    outcome: ChunkOutcome,
  ): Promise<BulkImportJobStatus | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const finished = await updated(
        manager,
        `UPDATE import_chunks SET status = 'DONE', rows = NULL, processed_by = $3, done_at = now()
         WHERE job_id = $1 AND chunk_index = $2 AND status = 'PENDING' RETURNING 1`,
        [jobId, chunkIndex, worker],
      );
      if (finished.length === 0) return undefined;
      await insertRowNotices(manager, 'import_errors', jobId, outcome.errors);
      await insertRowNotices(manager, 'import_warnings', jobId, outcome.warnings);
      const failed = outcome.errors.length;
      const [job] = await updated<JobRow>(
        manager,
        `UPDATE import_jobs SET processed = processed + $2, successful = successful + $3, failed = failed + $4,
           chunks_done = chunks_done + 1, updated_at = now(),
           status = CASE WHEN chunks_done + 1 = chunk_count THEN 'COMPLETED' ELSE 'PROCESSING' END,
           completed_at = CASE WHEN chunks_done + 1 = chunk_count THEN now() END
         WHERE id = $1 RETURNING *`,
        [jobId, outcome.successful + failed, outcome.successful, failed],
      );
      if (job.status === 'COMPLETED') await this.publishFinished(manager, job, undefined);
      return job.status;
    });
  }

  /** Unfinished jobs that made no progress for `idleMs` and are not parked, with their chunks still to do. */
  async idleJobs(idleMs: number, limit: number): Promise<{ jobId: string; chunkIndexes: number[] }[]> {
    const rows: { job_id: string; chunk_indexes: number[] }[] = await this.dataSource.query(
      `SELECT c.job_id, array_agg(c.chunk_index ORDER BY c.chunk_index) AS chunk_indexes
       FROM (SELECT id FROM import_jobs
             WHERE status IN ('PENDING', 'PROCESSING') AND parked_at IS NULL
               AND updated_at < now() - make_interval(secs => $1::double precision / 1000)
             ORDER BY updated_at LIMIT $2) idle
       JOIN import_chunks c ON c.job_id = idle.id AND c.status = 'PENDING'
       GROUP BY c.job_id`,
      [idleMs, limit],
    );
    return rows.map((row) => ({ jobId: row.job_id, chunkIndexes: row.chunk_indexes }));
  }

  /** Counts as progress: the sweeper leaves the job alone for another idle period. */
  async touch(jobId: string): Promise<void> {
    await this.dataSource.query(`UPDATE import_jobs SET updated_at = now() WHERE id = $1`, [jobId]);
  }

  private async snapshot(manager: EntityManager, job: JobRow): Promise<ImportJobSnapshot> {
    const [errors, warnings] = await Promise.all([
      listRowNotices(manager, 'import_errors', job.id, LISTED_ERRORS),
      listRowNotices(manager, 'import_warnings', job.id, LISTED_ERRORS),
    ]);
    return {
      jobId: toApiId('Job', job.id),
      status: job.status,
      progress: {
        total: job.total_rows,
        processed: job.processed,
        successful: job.successful,
        failed: job.failed,
      },
      errors,
      warnings,
      ...(job.completed_at ? { completedAt: job.completed_at.toISOString() } : {}),
    };
  }

  private async publishFinished(
    manager: EntityManager,
    job: JobRow,
    requestId: string | undefined,
  ): Promise<void> {
    const event: BulkImportJobEvent = createEvent(
      'bulk-import.job-finished',
      1,
      { platformId: toApiId('Platform', job.platform_id), environment: job.environment },
      toApiId('Job', job.id),
      { bulkCustomerImportJob: await this.snapshot(manager, job) },
    );
    await this.outbox.add(manager, BULK_IMPORT_JOB_EVENTS, event, requestId);
  }
}

/**
 * The rows an UPDATE ... RETURNING gave back. Run as a query of a CTE, since for a bare UPDATE
 * TypeORM's query() answers [rows, count] instead of the rows.
 */
async function updated<T = unknown>(
  manager: EntityManager,
  update: string,
  parameters: unknown[],
): Promise<T[]> {
  return manager.query(`WITH updated AS (${update}) SELECT * FROM updated`, parameters);
}
