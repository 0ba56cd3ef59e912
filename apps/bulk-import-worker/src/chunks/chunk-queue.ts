import { Injectable, Logger, OnApplicationShutdown, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { redisUrlOf } from '@payments/runtime';
import { queueTelemetry } from '@payments/telemetry';
import { Gauge, register } from 'prom-client';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';

/** The BullMQ queue of chunks; its Redis keys are `<BULLMQ_PREFIX>:customer-import:*` (the KEDA trigger reads `:wait`). */
export const CHUNK_QUEUE = 'customer-import';

export interface ChunkTask {
  /** The import job's uuid. */
  jobId: string;
  chunkIndex: number;
}

/** Tries per chunk before its rows are given up as failed; the delays double from one second (about 4 minutes in all). */
export const CHUNK_ATTEMPTS = 8;
/** A replica that died holding a chunk may lose it this often before its rows are given up. */
const MAX_STALLED = 5;

/**
 * How the workers hold chunks: BullMQ renews a chunk's lock every half `lockMs`, and the stalled-job
 * check, run by one replica at a time every half `lockMs`, puts a chunk whose lock ran out back on
 * the queue; so a dead replica's chunk is taken again between one and one and a half `lockMs` after.
 */
export function chunkLockOptions(lockMs: number) {
  return { lockDuration: lockMs, stalledInterval: lockMs / 2, maxStalledCount: MAX_STALLED };
}

const QUEUE_JOBS = 'bulk_import_queue_jobs';
const COUNTED_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

/** BullMQ's connections block on Redis; they must wait for it forever rather than fail commands. */
export function bullConnection(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: null });
}

/**
 * Puts chunks on the queue. Each chunk's queue job id is derived from the chunk, so putting one on
 * twice (the sweeper after a crash) adds nothing while the first is still there.
 */
@Injectable()
export class ChunkQueue implements OnModuleInit, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger(ChunkQueue.name);
  private readonly connection: Redis;
  private readonly queue: Queue<ChunkTask>;

  constructor(config: ConfigService<BulkImportEnvironment, true>) {
    this.connection = bullConnection(
      redisUrlOf({
        REDIS_URL: config.get('REDIS_URL', { infer: true }),
        REDIS_PASSWORD: config.get('REDIS_PASSWORD', { infer: true }),
      }),
    );
    this.queue = new Queue<ChunkTask>(CHUNK_QUEUE, {
      connection: this.connection,
      prefix: config.get('BULLMQ_PREFIX', { infer: true }),
      telemetry: queueTelemetry(),
      defaultJobOptions: {
        attempts: CHUNK_ATTEMPTS,
        backoff: { type: 'exponential', delay: 1_000 },
        // Kept a while for inspection (and the completed count); the job tables hold the outcome.
        removeOnComplete: { age: 3_600, count: 10_000 },
        removeOnFail: { age: 7 * 86_400 },
      },
    });
  }

  async enqueue(jobId: string, chunkIndexes: number[]): Promise<void> {
    await this.queue.addBulk(
      chunkIndexes.map((chunkIndex) => ({
        name: 'chunk',
        data: { jobId, chunkIndex },
        opts: { jobId: `${jobId}-${chunkIndex}` },
      })),
    );
  }

  /** Queue jobs by state across all replicas, counted when /metrics is scraped. */
  onModuleInit(): void {
    const { queue, logger } = this;
    new Gauge({
      name: QUEUE_JOBS,
      help: 'Chunks on the bulk import queue by state (waiting, active, delayed, completed, failed), across all replicas',
      labelNames: ['state'] as const,
      async collect() {
        // A failed count keeps the last values rather than failing the whole scrape.
        await queue.getJobCounts(...COUNTED_STATES).then(
          (counts) => COUNTED_STATES.forEach((state) => this.set({ state }, counts[state] ?? 0)),
          (error: unknown) => logger.warn({ err: error }, 'could not count the bulk import queue'),
        );
      },
    });
  }

  onModuleDestroy(): void {
    register.removeSingleMetric(QUEUE_JOBS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
