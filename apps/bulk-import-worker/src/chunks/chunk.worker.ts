import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { BulkImportJobStatus, toApiId } from '@payments/contracts';
import { Caller } from '@payments/http';
import { isSystemicFault, reportParked } from '@payments/persistence';
import { drainGraceMs, redisUrlOf, settledWithin } from '@payments/runtime';
import { queueTelemetry } from '@payments/telemetry';
import { Job, Worker } from 'bullmq';
import Redis from 'ioredis';
import { hostname } from 'node:os';
import { Counter, Histogram } from 'prom-client';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { bullConnection, CHUNK_QUEUE, chunkLockOptions, ChunkTask } from '@bulk-import/chunks/chunk-queue';
import { batchesWithin } from '@bulk-import/chunks/entry-batches';
import { BatchEntryError, CustomerBatchesClient } from '@bulk-import/chunks/customer-batches.client';
import { correlationIdOf, readRow } from '@bulk-import/csv/csv-row';
import { ChunkOutcome, ImportJobsStore, StartedChunk } from '@bulk-import/jobs/import-jobs.store';
import { RowNotice } from '@bulk-import/jobs/row-notices.store';
import {
  failedRow,
  givenUp,
  incompleteRow,
  inFileTerms,
  invalidRow,
  PendingRow,
} from '@bulk-import/chunks/row-outcomes';

/** Below the customers app's JSON body limit (1 MiB), with room for the envelope. */
const MAX_BATCH_BYTES = 768 * 1024;

const importedRows = new Counter({
  name: 'bulk_import_rows_total',
  help: 'Imported rows by outcome (successful, failed)',
  labelNames: ['outcome'] as const,
});
const chunkOutcomes = new Counter({
  name: 'bulk_import_chunks_total',
  help: 'Chunk attempts by outcome: done, duplicate (done before), retrying (failed, tried again later)',
  labelNames: ['outcome'] as const,
});
const finishedJobs = new Counter({
  name: 'bulk_import_jobs_finished_total',
  help: 'Import jobs this replica finished, by status',
  labelNames: ['status'] as const,
});
const chunkDuration = new Histogram({
  name: 'bulk_import_chunk_duration_seconds',
  help: 'Time to import one chunk, from taking it to storing its outcome',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

/**
 * The queue's worker: imports chunks, BULK_WORKER_CONCURRENCY at a time in this replica, as many
 * replicas side by side as there are. A consumer of the BullMQ queue, not a PollingWorker: BullMQ
 * hands it the chunks and holds their locks. BullMQ gives each chunk to one replica under a lock the
 * replica keeps renewing; a replica that dies stops renewing, and within about one and a half
 * BULK_CHUNK_LOCK_MS another takes the chunk again (see chunkLockOptions). On SIGTERM the replica
 * takes no more chunks and finishes those in hand within a grace; the ones that do not finish go
 * back to the queue at once. Nothing is done twice: the customers app keeps each batch's outcome
 * under its key and answers a repeated batch from it, and a chunk's outcome is stored once (a chunk
 * taken again only counts one more attempt on its row).
 */
@Injectable()
export class ChunkWorker implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(ChunkWorker.name);
  /** Which replica took or finished a chunk, kept on the chunk for inspection. */
  private readonly workerName = `${hostname()}#${process.pid}`;
  /** BullMQ's consumer of the queue, made as the app starts. */
  private worker?: Worker<ChunkTask>;
  /** The worker's connection: BullMQ leaves a connection it was given open when it closes. */
  private connection?: Redis;
  /** The chunks in hand, by queue job id, with the token of this replica's lock on each. */
  private readonly inHand = new Map<string, { job: Job<ChunkTask>; token: string }>();

  constructor(
    private readonly store: ImportJobsStore,
    private readonly customers: CustomerBatchesClient,
    private readonly config: ConfigService<BulkImportEnvironment, true>,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = bullConnection(
      redisUrlOf({
        REDIS_URL: this.config.get('REDIS_URL', { infer: true }),
        REDIS_PASSWORD: this.config.get('REDIS_PASSWORD', { infer: true }),
      }),
    );
    this.worker = new Worker<ChunkTask>(CHUNK_QUEUE, (job, token) => this.processInHand(job, token!), {
      connection: this.connection,
      prefix: this.config.get('BULLMQ_PREFIX', { infer: true }),
      concurrency: this.config.get('BULK_WORKER_CONCURRENCY', { infer: true }),
      ...chunkLockOptions(this.config.get('BULK_CHUNK_LOCK_MS', { infer: true })),
      name: this.workerName,
      telemetry: queueTelemetry(),
    });
    this.worker.on('failed', (job, error) => {
      chunkOutcomes.inc({ outcome: 'retrying' });
      this.logger.warn(
        { err: error, chunk: job?.id, attempt: job?.attemptsMade },
        'bulk import chunk failed; it will be tried again',
      );
    });
    this.worker.on('stalled', (chunk) =>
      this.logger.warn({ chunk }, 'bulk import chunk lost its replica; another takes it'),
    );
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'bulk import worker error'));
  }

  /**
   * Stops taking chunks and lets the ones in hand finish, before the database connections close;
   * those still going after the grace are handed back to the queue, where another replica takes them
   * now rather than once their lock runs out. What they did so far is kept (see the class).
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.worker) return;
    const closing = this.worker.close();
    const graceMs = drainGraceMs(this.config.get('SHUTDOWN_TIMEOUT_MS', { infer: true }));
    if (await settledWithin([closing], graceMs)) return;
    const handedBack = [...this.inHand.values()].map(({ job, token }) => job.moveToWait(token));
    await Promise.allSettled(handedBack);
    this.logger.warn(
      { chunks: handedBack.length },
      'bulk import chunks still in hand at shutdown went back to the queue',
    );
  }

  onApplicationShutdown(): void {
    this.connection?.disconnect();
  }

  private async processInHand(job: Job<ChunkTask>, token: string): Promise<void> {
    this.inHand.set(job.id!, { job, token });
    try {
      await this.process(job);
    } finally {
      this.inHand.delete(job.id!);
    }
  }

  private async process(job: Job<ChunkTask>): Promise<void> {
    const stopTimer = chunkDuration.startTimer();
    const { jobId, chunkIndex } = job.data;
    const chunk = await this.store.startChunk(jobId, chunkIndex, this.workerName);
    if (!chunk) {
      chunkOutcomes.inc({ outcome: 'duplicate' });
      return;
    }
    const isLastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const { outcome, status } = await this.importAndFinish(chunk, isLastAttempt);
    stopTimer();
    if (status === undefined) {
      chunkOutcomes.inc({ outcome: 'duplicate' });
      return;
    }
    chunkOutcomes.inc({ outcome: 'done' });
    importedRows.inc({ outcome: 'successful' }, outcome.successful);
    importedRows.inc({ outcome: 'failed' }, outcome.errors.length);
    if (status === 'COMPLETED') {
      finishedJobs.inc({ status });
      this.logger.log({ jobId: toApiId('Job', jobId) }, 'bulk import job completed');
    }
  }

  /**
   * Imports the chunk and stores its outcome. On the chunk's last attempt, a failure that is not
   * systemic gives the chunk up rather than leave its job PROCESSING: rows whose outcome is unknown
   * fail with the reason, and an outcome the database refuses is stored again with the reason in
   * place of each failed row's own, so that the job finishes. A systemic fault is thrown: BullMQ tries
   * the chunk again, and on a last attempt the idle-jobs sweep puts it back later.
   */
  private async importAndFinish(
    chunk: StartedChunk,
    isLastAttempt: boolean,
  ): Promise<{ outcome: ChunkOutcome; status: BulkImportJobStatus | undefined }> {
    const finish = (outcome: ChunkOutcome) =>
      this.store.finishChunk(chunk.jobId, chunk.chunkIndex, this.workerName, outcome);
    const giveUp = (error: unknown): BatchEntryError => {
      if (!isLastAttempt || isSystemicFault(error)) throw error;
      reportParked(
        this.logger,
        'bulk-import-chunk',
        { jobId: toApiId('Job', chunk.jobId), chunk: chunk.chunkIndex },
        error,
      );
      return givenUp(error);
    };
    let outcome: ChunkOutcome;
    try {
      outcome = await this.importRows(chunk, isLastAttempt);
    } catch (error) {
      const reason = giveUp(error);
      // Named by number: the rows themselves may be what failed.
      const rowNumbers = chunk.rows.map((_, index) => chunk.firstRow + index);
      outcome = {
        successful: 0,
        errors: rowNumbers.map((rowNumber) => failedRow(`row_${rowNumber}`, rowNumber, reason)),
        warnings: [],
      };
    }
    try {
      return { outcome, status: await finish(outcome) };
    } catch (error) {
      const reason = giveUp(error);
      const errors = outcome.errors.map(({ correlationId, rowNumber }) =>
        failedRow(correlationId, rowNumber, reason),
      );
      outcome = { successful: outcome.successful, errors, warnings: outcome.warnings };
      return { outcome, status: await finish(outcome) };
    }
  }

  /**
   * Reads the chunk's rows and creates the good ones through the customers app, in batches that fit
   * its body limit. A batch that fails throws, so the chunk is tried again later, unless this is the
   * last attempt: then that batch's rows and the rest fail with the reason, and the job goes on.
   */
  private async importRows(chunk: StartedChunk, isLastAttempt: boolean): Promise<ChunkOutcome> {
    const errors: RowNotice[] = [];
    const warnings: RowNotice[] = [];
    const pending: PendingRow[] = [];
    chunk.rows.forEach((row, index) => {
      const rowNumber = chunk.firstRow + index;
      const correlationId = correlationIdOf(row, chunk.columns, rowNumber);
      const read = readRow(row, chunk.columns, chunk.fieldCount);
      if ('errors' in read) errors.push(failedRow(correlationId, rowNumber, invalidRow(read.errors)));
      else pending.push({ rowNumber, correlationId, entry: read.entry });
    });
    const caller: Caller = {
      platformId: toApiId('Platform', chunk.scope.platformId),
      environment: chunk.scope.environment,
      ...(chunk.requestId ? { requestId: chunk.requestId } : {}),
    };
    let successful = 0;
    const batches = batchesWithin(pending, (row) => row.entry, MAX_BATCH_BYTES);
    for (const [part, batch] of batches.entries()) {
      const batchKey = `${toApiId('Job', chunk.jobId)}/${chunk.chunkIndex}/${part}`;
      let results;
      try {
        results = await this.customers.create(
          caller,
          batchKey,
          batch.map((row) => row.entry),
        );
      } catch (error) {
        if (!isLastAttempt) throw error;
        const reason = givenUp(error);
        this.logger.error(
          { err: error, batchKey },
          'bulk import batch failed on its last attempt; its rows fail',
        );
        for (const row of batches.slice(part).flat())
          errors.push(failedRow(row.correlationId, row.rowNumber, reason));
        break;
      }
      results.forEach((result, index) => {
        const row = batch[index];
        if ('error' in result) {
          errors.push(failedRow(row.correlationId, row.rowNumber, inFileTerms(result.error)));
          return;
        }
        successful += 1;
        if (result.missingFields) warnings.push(incompleteRow(row, result.customerId, result.missingFields));
      });
    }
    return { successful, errors, warnings };
  }
}
