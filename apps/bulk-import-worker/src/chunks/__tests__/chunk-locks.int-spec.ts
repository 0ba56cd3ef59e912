import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { Outbox } from '@payments/persistence';
import { eventually, MigratedDatabase } from '@payments/testing';
import { Job, Queue, Worker } from 'bullmq';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { BULK_IMPORT_SCHEMA } from '@bulk-import/database';
import { bullConnection, CHUNK_QUEUE, chunkLockOptions, ChunkTask } from '@bulk-import/chunks/chunk-queue';
import { ChunkWorker } from '@bulk-import/chunks/chunk.worker';
import { CustomerBatchesClient } from '@bulk-import/chunks/customer-batches.client';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';

jest.setTimeout(40_000);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOCK_MS = 5_000;
const REPO_ROOT = join(__dirname, '..', '..', '..', '..', '..');

/** A replica as another process, so that the test can kill -9 it: it takes one chunk and keeps it. */
const HOLDING_REPLICA = `
  const { Worker } = require('bullmq');
  const Redis = require('ioredis');
  const [redisUrl, prefix, queue, options] = process.argv.slice(1);
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  new Worker(queue, () => { console.log('taken'); return new Promise(() => {}); }, { connection, prefix, ...JSON.parse(options) });
`;

describe('Chunk locks (Redis)', () => {
  const prefix = `it-${randomBytes(5).toString('hex')}`;
  const connection = bullConnection(REDIS_URL);
  const queue = new Queue<ChunkTask>(CHUNK_QUEUE, { connection, prefix });
  const closing: { close(): Promise<unknown> }[] = [];

  afterAll(async () => {
    for (const each of closing.reverse()) await each.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await connection.quit();
  });

  /** A surviving replica's worker: answers when it takes a chunk, and then stops taking any. */
  function survivor(): Promise<number> {
    return new Promise((resolve) => {
      const workerConnection = bullConnection(REDIS_URL);
      const worker = new Worker<ChunkTask>(CHUNK_QUEUE, async () => resolve(Date.now()), {
        connection: workerConnection,
        prefix,
        ...chunkLockOptions(LOCK_MS),
      });
      worker.once('completed', () => void worker.close());
      closing.push(worker, { close: () => workerConnection.quit() });
    });
  }

  it('gives the chunk of a replica killed with SIGKILL to another within one and a half locks', async () => {
    const replica: ChildProcess = spawn(
      process.execPath,
      ['-e', HOLDING_REPLICA, REDIS_URL, prefix, CHUNK_QUEUE, JSON.stringify(chunkLockOptions(LOCK_MS))],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const taken = new Promise((resolve) => replica.stdout!.once('data', resolve));
    await queue.add('chunk', { jobId: randomUUID(), chunkIndex: 0 });
    await taken;

    replica.kill('SIGKILL');
    const killedAt = Date.now();
    const takenAgainAt = await survivor();

    expect(takenAgainAt - killedAt).toBeLessThan(LOCK_MS * 1.5 + 1_000);
  });

  describe('a replica that shuts down', () => {
    let database: MigratedDatabase;
    let dataSource: DataSource;

    beforeAll(async () => {
      database = await MigratedDatabase.create(BULK_IMPORT_SCHEMA);
      dataSource = database.dataSource;
    });

    afterAll(async () => {
      await database?.drop();
    });

    it('hands the chunk it cannot finish within the grace back to the queue at once', async () => {
      const settings: Partial<BulkImportEnvironment> = {
        REDIS_URL,
        BULLMQ_PREFIX: prefix,
        BULK_WORKER_CONCURRENCY: 1,
        BULK_CHUNK_LOCK_MS: LOCK_MS,
        // A grace of half a second.
        SHUTDOWN_TIMEOUT_MS: 1_000,
      };
      const config = { get: (key: keyof BulkImportEnvironment) => settings[key] } as ConfigService<
        BulkImportEnvironment,
        true
      >;
      const store = new ImportJobsStore(dataSource, { add: async () => undefined } as unknown as Outbox);
      // The chunk is taken up, then its work goes on until the test lets it end.
      let finishWork: () => void = () => undefined;
      const working = new Promise<void>((resolve) => (finishWork = resolve));
      const startChunk = store.startChunk.bind(store);
      store.startChunk = async (...taken) => {
        const chunk = await startChunk(...taken);
        await working;
        return chunk;
      };
      const chunkWorker = new ChunkWorker(store, {} as CustomerBatchesClient, config);
      const jobId = randomUUID();
      const scope = { platformId: randomUUID(), environment: Environment.Sandbox };
      await store.insertJob(dataSource.manager, {
        id: jobId,
        scope,
        columns: ['platformCustomerId'],
        fieldCount: 1,
      });
      await store.insertChunk(dataSource.manager, jobId, 0, 2, [['c1']]);
      await store.sealJob(dataSource.manager, jobId, 1, 1);
      chunkWorker.onApplicationBootstrap();
      const worker = (chunkWorker as unknown as { worker: Worker }).worker;
      const active = new Promise<Job>((resolve) => worker.once('active', (job: Job) => resolve(job)));
      await queue.add('chunk', { jobId, chunkIndex: 0 }, { jobId: `${jobId}-0` });
      await active;
      await eventually(async () => ((await chunkRow(jobId)).attempts === 1 ? true : undefined));

      const stoppedAt = Date.now();
      await chunkWorker.beforeApplicationShutdown();
      const takenAgainAt = await survivor();

      expect(takenAgainAt - stoppedAt).toBeLessThan(1_500);
      // Its row waits for the next replica as it was, one attempt counted.
      expect(await chunkRow(jobId)).toMatchObject({ status: 'PENDING', attempts: 1 });
      // The stopped replica's work ends after all, which lets its worker close.
      finishWork();
      await worker.close();
      chunkWorker.onApplicationShutdown();
    });

    const chunkRow = async (jobId: string) =>
      (await dataSource.query(`SELECT status, attempts FROM import_chunks WHERE job_id = $1`, [jobId]))[0];
  });
});
