import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { handleEach, PollingWorker } from '@payments/persistence';
import { ConfigService } from '@nestjs/config';
import { toApiId } from '@payments/contracts';
import { DataSource } from 'typeorm';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { ChunkQueue } from '@bulk-import/chunks/chunk-queue';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';

const SWEEP_INTERVAL_MS = 30_000;
const JOBS_PER_SWEEP = 20;
/** A job is idle after this many chunk locks' time without progress. */
const IDLE_LOCKS = 5;

/**
 * Puts the unfinished chunks of idle jobs on the queue again. A chunk reaches the queue only after
 * its upload commits, so a replica stopping in between would strand the job; so would a Redis that
 * lost its data. Chunks still on the queue are not added twice (their queue ids are fixed), and a
 * chunk done meanwhile is skipped by the chunk worker, so sweeping a job that was merely slow is harmless.
 * Every replica sweeps. A job the sweep keeps failing on is parked and the others are swept; a
 * systemic fault (Redis or the database down) only delays the next sweep.
 */
@Injectable()
export class IdleJobsWorker extends PollingWorker {
  private readonly parking = this.declareLoop({
    name: 'idle-jobs-sweeper',
    work: 'sweeping idle bulk import jobs',
    table: { table: 'import_jobs', key: 'id', keyType: 'uuid' },
    tick: () => this.sweep(),
    idleMs: SWEEP_INTERVAL_MS,
    errorMs: SWEEP_INTERVAL_MS,
  }).parking;
  private readonly idleMs: number;

  constructor(
    private readonly store: ImportJobsStore,
    private readonly queue: ChunkQueue,
    config: ConfigService<BulkImportEnvironment, true>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    super();
    this.idleMs = IDLE_LOCKS * config.get('BULK_CHUNK_LOCK_MS', { infer: true });
  }

  private async sweep(): Promise<boolean> {
    const idle = await this.store.idleJobs(this.idleMs, JOBS_PER_SWEEP);
    const failures = await handleEach(idle, async ({ jobId, chunkIndexes }) => {
      await this.queue.enqueue(jobId, chunkIndexes);
      await this.store.touch(jobId);
      this.logger.warn(
        { jobId: toApiId('Job', jobId), chunks: chunkIndexes.length },
        'idle bulk import job: its chunks are queued again',
      );
    });
    await this.parking.recordFailures(
      this.dataSource,
      failures.map(({ item, error }) => ({
        key: item.jobId,
        ids: { jobId: toApiId('Job', item.jobId) },
        error,
      })),
    );
    return false;
  }
}
