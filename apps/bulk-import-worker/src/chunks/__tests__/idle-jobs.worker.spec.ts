import { ConfigService } from '@nestjs/config';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { ChunkQueue } from '@bulk-import/chunks/chunk-queue';
import { IdleJobsWorker } from '@bulk-import/chunks/idle-jobs.worker';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';

const SWEEP_INTERVAL_MS = 30_000;
const CHUNK_LOCK_MS = 1_000;
const POISON = '00000000-0000-4000-8000-000000000001';
const GOOD = '00000000-0000-4000-8000-000000000002';
const badJob = Object.assign(new Error('Job data is too large'), { code: 'ERR_JOB_DATA' });
const redisDown = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

const metricValue = async (metric: string, labels: Record<string, string>) =>
  (await register.getSingleMetric(metric)!.get()).values.find((value) =>
    Object.entries(labels).every(([label, wanted]) => value.labels[label] === wanted),
  )?.value ?? 0;
const parkedCount = (reason: string) =>
  metricValue('background_items_parked_total', { worker: 'idle-jobs-sweeper', reason });
const failedSweeps = () =>
  metricValue('background_loop_ticks_total', { loop: 'idle-jobs-sweeper', result: 'failed' });

describe('IdleJobsWorker', () => {
  const store = { idleJobs: jest.fn(), touch: jest.fn() };
  const queue = { enqueue: jest.fn() };
  const dataSource = { query: jest.fn() };
  const config = { get: () => CHUNK_LOCK_MS } as unknown as ConfigService<BulkImportEnvironment, true>;
  let sweeper: IdleJobsWorker;

  /** Runs the sweep the sweeper makes as the app starts, and stops it. */
  const sweepOnce = async () => {
    sweeper.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(0);
    await sweeper.beforeApplicationShutdown();
  };

  beforeEach(() => {
    jest.useFakeTimers();
    jest.resetAllMocks();
    store.idleJobs.mockResolvedValue([
      { jobId: POISON, chunkIndexes: [0] },
      { jobId: GOOD, chunkIndexes: [0, 1] },
    ]);
    dataSource.query.mockResolvedValue([]);
    sweeper = new IdleJobsWorker(
      store as unknown as ImportJobsStore,
      queue as unknown as ChunkQueue,
      config,
      dataSource as unknown as DataSource,
    );
  });

  afterEach(async () => {
    await sweeper.beforeApplicationShutdown();
    jest.useRealTimers();
  });

  it('queues the unfinished chunks of jobs idle for five chunk locks again, and marks the jobs touched', async () => {
    await sweepOnce();

    expect(store.idleJobs).toHaveBeenCalledWith(5 * CHUNK_LOCK_MS, 20);
    expect(queue.enqueue.mock.calls).toEqual([
      [POISON, [0]],
      [GOOD, [0, 1]],
    ]);
    expect(store.touch.mock.calls).toEqual([[POISON], [GOOD]]);
    expect(dataSource.query).not.toHaveBeenCalled();
  });

  it('sweeps every 30 s', async () => {
    sweeper.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(SWEEP_INTERVAL_MS - 1);
    expect(store.idleJobs).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(store.idleJobs).toHaveBeenCalledTimes(2);
  });

  it('sweeps the other jobs when one fails, and parks the failing one at its last allowed failure', async () => {
    queue.enqueue.mockImplementation(async (jobId: string) => {
      if (jobId === POISON) throw badJob;
    });
    // The failure statement answers the jobs it parked.
    dataSource.query.mockResolvedValue([{ key: POISON }]);
    const before = await parkedCount('ERR_JOB_DATA');

    await sweepOnce();

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

  it('fails the sweep when Redis is down, charging no job, and sweeps again 30 s later', async () => {
    queue.enqueue.mockRejectedValueOnce(redisDown).mockRejectedValueOnce(redisDown);
    const before = await failedSweeps();

    sweeper.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(0);
    expect(await failedSweeps()).toBe(before + 1);
    expect(dataSource.query).not.toHaveBeenCalled();
    expect(store.touch).not.toHaveBeenCalled();

    await jest.advanceTimersByTimeAsync(SWEEP_INTERVAL_MS);
    expect(store.touch.mock.calls).toEqual([[POISON], [GOOD]]);
  });
});
