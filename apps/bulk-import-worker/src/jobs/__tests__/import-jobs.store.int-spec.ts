import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { Outbox, Parking, purgeExpired } from '@payments/persistence';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { BULK_IMPORT_SCHEMA } from '@bulk-import/database';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';
import { BULK_IMPORT_RETENTION } from '@bulk-import/retention';

jest.setTimeout(30_000);

describe('ImportJobsStore (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let store: ImportJobsStore;
  const parking = new Parking(
    new Logger('test'),
    'idle-jobs-sweeper',
    { table: 'import_jobs', key: 'id', keyType: 'uuid' },
    2,
  );

  beforeAll(async () => {
    database = await MigratedDatabase.create(BULK_IMPORT_SCHEMA);
    dataSource = database.dataSource;
    store = new ImportJobsStore(dataSource, {} as Outbox);
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function idleJob(): Promise<string> {
    const id = randomUUID();
    const scope = { platformId: randomUUID(), environment: Environment.Sandbox };
    await store.insertJob(dataSource.manager, { id, scope, columns: ['platformCustomerId'], fieldCount: 1 });
    await store.insertChunk(dataSource.manager, id, 0, 2, [['c1']]);
    await dataSource.query(`UPDATE import_jobs SET updated_at = now() - interval '1 hour' WHERE id = $1`, [
      id,
    ]);
    return id;
  }

  it('leaves a job out of the sweep once it is parked, with the reason on it', async () => {
    const [poison, good] = [await idleJob(), await idleJob()];
    const failure = [
      { key: poison, ids: {}, error: Object.assign(new Error('bad job'), { code: 'ERR_JOB_DATA' }) },
    ];

    await parking.recordFailures(dataSource, failure);
    expect((await store.idleJobs(1_000, 10)).map((job) => job.jobId).sort()).toEqual([poison, good].sort());
    await parking.recordFailures(dataSource, failure);

    expect(await store.idleJobs(1_000, 10)).toEqual([{ jobId: good, chunkIndexes: [0] }]);
    expect(
      (
        await dataSource.query(
          `SELECT failed_attempts, park_reason, parked_at FROM import_jobs WHERE id = $1`,
          [poison],
        )
      )[0],
    ).toEqual({
      failed_attempts: 2,
      park_reason: 'ERR_JOB_DATA: bad job',
      parked_at: expect.any(Date),
    });
  });

  it("stores a chunk's failed rows and warnings with NUL and lone surrogates from the file replaced, and shows them", async () => {
    const jobId = await idleJob();
    await store.sealJob(dataSource.manager, jobId, 4, 2);
    const error = { code: 'INVALID_INPUT', message: 'bad \u0000 value', details: { value: 'x\ud800' } };
    const warning = {
      code: 'MISSING_MANDATORY_USER_INFO',
      message: 'supply NATIONALITY',
      details: { row: 4, missingFields: ['NATIONALITY'] },
    };

    const status = await store.finishChunk(jobId, 0, 'test', {
      successful: 1,
      errors: [{ rowNumber: 3, correlationId: 'c\u0000', ...error }],
      warnings: [{ rowNumber: 4, correlationId: 'd\ud800', ...warning }],
    });

    expect(status).toBe('PROCESSING');
    const sanitized = {
      correlation_id: 'c\ufffd',
      message: 'bad \ufffd value',
      details: { value: 'x\ufffd' },
    };
    expect(
      await dataSource.query(`SELECT correlation_id, message, details FROM import_errors WHERE job_id = $1`, [
        jobId,
      ]),
    ).toEqual([sanitized]);
    const [scope] = await dataSource.query(
      `SELECT platform_id AS "platformId", environment FROM import_jobs WHERE id = $1`,
      [jobId],
    );
    const shown = await store.view(scope, jobId);
    expect(shown).toMatchObject({
      progress: { successful: 1, failed: 1 },
      errors: [{ correlationId: 'c\ufffd', code: 'INVALID_INPUT' }],
      warnings: [{ correlationId: 'd\ufffd', ...warning }],
    });
  });

  // Done chunks are purged past IMPORT_CHUNK_RETENTION_DAYS (docs/operations.md#retention).
  it('shows a job as before once its done chunks are purged, and keeps the chunks still to do', async () => {
    const jobId = await idleJob();
    await store.insertChunk(dataSource.manager, jobId, 1, 3, [['c2']]);
    await store.sealJob(dataSource.manager, jobId, 2, 2);
    const failedRow = {
      rowNumber: 2,
      correlationId: 'c1',
      code: 'INVALID_INPUT',
      message: 'no name',
      details: {},
    };
    await store.finishChunk(jobId, 0, 'test', { successful: 0, errors: [failedRow], warnings: [] });
    await dataSource.query(`UPDATE import_chunks SET done_at = now() - interval '8 days' WHERE job_id = $1`, [
      jobId,
    ]);
    const [scope] = await dataSource.query(
      `SELECT platform_id AS "platformId", environment FROM import_jobs WHERE id = $1`,
      [jobId],
    );
    const shown = await store.view(scope, jobId);
    const [doneChunks] = BULK_IMPORT_RETENTION(new ConfigService({ ...new BulkImportEnvironment() }));

    await purgeExpired(dataSource, doneChunks, { batchRows: 100, batchesPerCall: 1 });

    expect(doneChunks.retentionHours).toBe(7 * 24);
    expect(
      await dataSource.query(`SELECT chunk_index, status FROM import_chunks WHERE job_id = $1`, [jobId]),
    ).toEqual([{ chunk_index: 1, status: 'PENDING' }]);
    expect(shown?.errors).toHaveLength(1);
    expect(await store.view(scope, jobId)).toEqual(shown);
  });
});
