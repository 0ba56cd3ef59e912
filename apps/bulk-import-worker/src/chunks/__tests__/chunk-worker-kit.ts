import { ConfigService } from '@nestjs/config';
import { Job } from 'bullmq';
import { register } from 'prom-client';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { ChunkTask } from '@bulk-import/chunks/chunk-queue';
import { ChunkWorker } from '@bulk-import/chunks/chunk.worker';
import { CustomerBatchesClient } from '@bulk-import/chunks/customer-batches.client';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';

export const JOB_ID = '00000000-0000-4000-8000-000000000001';

/** A ChunkWorker whose store and customers client are jest functions; `process` takes one queue job. */
export function chunkWorker() {
  const store = { startChunk: jest.fn(), finishChunk: jest.fn() };
  const customers = { create: jest.fn() };
  const worker = new ChunkWorker(
    store as unknown as ImportJobsStore,
    customers as unknown as CustomerBatchesClient,
    {} as ConfigService<BulkImportEnvironment, true>,
  );
  const process = (job: Job<ChunkTask>) =>
    (worker as unknown as { process(job: Job<ChunkTask>): Promise<void> }).process(job);
  return { store, customers, process };
}

/** The queue job of chunk `chunkIndex` of JOB_ID, on its try after `attemptsMade` failed ones, of 3. */
export const attempt = (attemptsMade: number, chunkIndex = 0) =>
  ({ data: { jobId: JOB_ID, chunkIndex }, attemptsMade, opts: { attempts: 3 } }) as unknown as Job<ChunkTask>;

/** The value of a counter for the labels given, 0 before it was counted. */
export async function counted(metric: string, labels: Record<string, string>): Promise<number> {
  const { values } = await register.getSingleMetric(metric)!.get();
  const value = values.find((candidate) =>
    Object.entries(labels).every(([name, label]) => candidate.labels[name] === label),
  );
  return value?.value ?? 0;
}
