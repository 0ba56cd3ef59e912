import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { toApiId } from '@payments/contracts';
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
 * chunk done meanwhile is skipped by the processor, so sweeping a job that was merely slow is harmless.
 * Every replica sweeps.
 */
@Injectable()
export class IdleJobsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IdleJobsSweeper.name);
  private readonly idleMs: number;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    private readonly store: ImportJobsStore,
    private readonly queue: ChunkQueue,
    config: ConfigService<BulkImportEnvironment, true>,
  ) {
    this.idleMs = IDLE_LOCKS * config.get('BULK_CHUNK_LOCK_MS', { infer: true });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.sweeping ??= this.sweep().finally(() => (this.sweeping = undefined));
    }, SWEEP_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  private async sweep(): Promise<void> {
    try {
      for (const { jobId, chunkIndexes } of await this.store.idleJobs(this.idleMs, JOBS_PER_SWEEP)) {
        await this.queue.enqueue(jobId, chunkIndexes);
        await this.store.touch(jobId);
        this.logger.warn({ jobId: toApiId('Job', jobId), chunks: chunkIndexes.length }, 'idle bulk import job: its chunks are queued again');
      }
    } catch (error) {
      this.logger.error({ err: error }, 'sweeping idle bulk import jobs failed; trying again later');
    }
  }
}
