import { ConfigService } from '@nestjs/config';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { ChunkQueue } from '@bulk-import/chunks/chunk-queue';
import { IdleJobsSweeper } from '@bulk-import/chunks/idle-jobs.sweeper';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';

const POISON = '00000000-0000-4000-8000-000000000001';
const GOOD = '00000000-0000-4000-8000-000000000002';
const badJob = Object.assign(new Error('Job data is too large'), { code: 'ERR_JOB_DATA' });
const redisDown = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

const parkedCount = async (reason: string) =>
  (await register.getSingleMetric('background_items_parked_total')!.get()).values.find(
    (value) => value.labels.worker === 'idle-jobs-sweeper' && value.labels.reason === reason,
  )?.value ?? 0;

describe('IdleJobsSweeper', () => {
  const store = { idleJobs: jest.fn(), touch: jest.fn() };
  const queue = { enqueue: jest.fn() };
  const dataSource = { query: jest.fn() };
  const config = { get: () => 1_000 } as unknown as ConfigService<BulkImportEnvironment, true>;
  const sweeper = new IdleJobsSweeper(
    store as unknown as ImportJobsStore,
    queue as unknown as ChunkQueue,
    config,
    dataSource as unknown as DataSource,
  );
  const sweep = () => (sweeper as unknown as { sweep(): Promise<boolean> }).sweep();

  beforeEach(() => {
    jest.resetAllMocks();
    store.idleJobs.mockResolvedValue([
      { jobId: POISON, chunkIndexes: [0] },
      { jobId: GOOD, chunkIndexes: [0, 1] },
    ]);
  });

  it('sweeps the other jobs when one fails, and parks the failing one at its last allowed failure', async () => {
    queue.enqueue.mockImplementation(async (jobId: string) => {
      if (jobId === POISON) throw badJob;
    });
    // The failure statement answers the jobs it parked.
    dataSource.query.mockResolvedValue([{ key: POISON }]);
    const before = await parkedCount('ERR_JOB_DATA');

    await sweep();

    expect(queue.enqueue).toHaveBeenCalledWith(GOOD, [0, 1]);
    expect(store.touch).toHaveBeenCalledWith(GOOD);
    expect(store.touch).not.toHaveBeenCalledWith(POISON);
    expect(dataSource.query).toHaveBeenCalledWith(expect.stringContaining('failed_attempts + 1'), [
      [POISON],
      ['ERR_JOB_DATA: Job data is too large'],
      5,
    ]);
    expect(await parkedCount('ERR_JOB_DATA')).toBe(before + 1);
  });

  it('fails the sweep when Redis is down, charging no job', async () => {
    queue.enqueue.mockRejectedValue(redisDown);

    await expect(sweep()).rejects.toBe(redisDown);

    expect(dataSource.query).not.toHaveBeenCalled();
  });
});
