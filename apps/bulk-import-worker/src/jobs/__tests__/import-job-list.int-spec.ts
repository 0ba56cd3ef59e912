import { ImportJobList1766600000000 } from '@bulk-import/migrations/1766600000000-import-job-list';
import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { callerOf, PlatformScope } from '@payments/http';
import { Outbox, runMigrations } from '@payments/persistence';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { BULK_IMPORT_SCHEMA } from '@bulk-import/database';
import { ImportJob } from '@bulk-import/jobs/import-job.entity';
import { ImportJobList } from '@bulk-import/jobs/import-job-list';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';

jest.setTimeout(30_000);

const sandboxOf = (): PlatformScope => ({ platformId: randomUUID(), environment: Environment.Sandbox });

describe('ImportJobList (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let store: ImportJobsStore;
  let list: ImportJobList;

  beforeAll(async () => {
    database = await MigratedDatabase.create(BULK_IMPORT_SCHEMA);
    store = new ImportJobsStore(
      database.dataSource,
      new Outbox(new ConfigService({ KAFKA_TOPIC_PREFIX: '' })),
    );
    list = new ImportJobList(database.dataSource.getRepository(ImportJob));
  });

  afterAll(async () => {
    await database?.drop();
  });

  /** A stored upload of `rows` rows in one chunk, as the upload writes it: PENDING until its chunk is done. */
  async function upload(scope: PlatformScope, rows = 2): Promise<string> {
    const id = randomUUID();
    await database.dataSource.transaction(async (manager) => {
      await store.insertJob(manager, { id, scope, columns: ['platformCustomerId'], fieldCount: 1 });
      await store.insertChunk(
        manager,
        id,
        0,
        2,
        Array.from({ length: rows }, (_, row) => [`c${row}`]),
      );
      await store.sealJob(manager, id, rows, 1);
    });
    return id;
  }

  it("lists the caller's jobs newest first, none of another platform or environment", async () => {
    const scope = sandboxOf();
    const first = await upload(scope);
    await upload(sandboxOf());
    const second = await upload(scope);
    await upload({ ...scope, environment: Environment.Production });
    const third = await upload(scope);

    const page = await list.page(callerOf(scope), {});

    expect(idsOf(page)).toEqual([third, second, first]);
    expect(page).toMatchObject({ hasMore: false, totalCount: 3 });
    expect(page).not.toHaveProperty('nextCursor');
  });

  it('pages on with the cursor, neither repeating nor skipping a job uploaded between two pages', async () => {
    const scope = sandboxOf();
    const [first, second, third] = [await upload(scope), await upload(scope), await upload(scope)];

    const one = await list.page(callerOf(scope), { limit: 2 });
    const fourth = await upload(scope);
    const two = await list.page(callerOf(scope), { limit: 2, cursor: one.nextCursor });

    expect([idsOf(one), idsOf(two)]).toEqual([[third, second], [first]]);
    expect([one.hasMore, two.hasMore, two.nextCursor]).toEqual([true, false, undefined]);
    expect(idsOf(await list.page(callerOf(scope), { limit: 1 }))).toEqual([fourth]);
  });

  it("shows each job's progress, creation and completion, and leaves its failed rows out", async () => {
    const scope = sandboxOf();
    const done = await upload(scope, 3);
    const pending = await upload(scope, 2);
    const failedRow = {
      rowNumber: 3,
      correlationId: 'c1',
      code: 'INVALID_INPUT',
      message: 'no name',
      details: {},
    };
    await store.finishChunk(done, 0, 'test', { successful: 2, errors: [failedRow], warnings: [] });
    const [created] = await database.query<{ done: Date; completed: Date; pending: Date }>(
      `SELECT d.created_at AS done, d.completed_at AS completed, p.created_at AS pending
       FROM bulk_import.import_jobs d, bulk_import.import_jobs p WHERE d.id = $1 AND p.id = $2`,
      [done, pending],
    );

    const page = await list.page(callerOf(scope), {});

    expect(page.data).toEqual([
      {
        jobId: `Job:${pending}`,
        status: 'PENDING',
        progress: { total: 2, processed: 0, successful: 0, failed: 0 },
        createdAt: created.pending.toISOString(),
      },
      {
        jobId: `Job:${done}`,
        status: 'COMPLETED',
        progress: { total: 3, processed: 3, successful: 2, failed: 1 },
        createdAt: created.done.toISOString(),
        completedAt: created.completed.toISOString(),
      },
    ]);
    expect((await store.view(scope, done))?.errors).toHaveLength(1);
  });

  it('filters by status, and by creation time in creation order with inclusive bounds', async () => {
    const scope = sandboxOf();
    const jobs = [await upload(scope), await upload(scope), await upload(scope)];
    await store.finishChunk(jobs[1], 0, 'test', { successful: 2, errors: [], warnings: [] });
    // Creation times out of upload order: a bounded page follows creation time, not the upload's place.
    const times = ['2025-10-03T00:00:00.000Z', '2025-10-01T00:00:00.000Z', '2025-10-02T00:00:00.000Z'];
    for (const [index, id] of jobs.entries())
      await database.query(`UPDATE bulk_import.import_jobs SET created_at = $2 WHERE id = $1`, [
        id,
        times[index],
      ]);
    const caller = callerOf(scope);

    const completed = await list.page(caller, { status: 'COMPLETED' });
    const window = await list.page(caller, {
      createdAfter: '2025-10-01T00:00:00Z',
      createdBefore: '2025-10-02T00:00:00Z',
    });
    const firstOfWindow = await list.page(caller, { createdAfter: '2025-10-01T00:00:00Z', limit: 1 });
    const restOfWindow = await list.page(caller, {
      createdAfter: '2025-10-01T00:00:00Z',
      limit: 2,
      cursor: firstOfWindow.nextCursor,
    });

    expect([idsOf(completed), completed.totalCount]).toEqual([[jobs[1]], 1]);
    expect([idsOf(window), window.totalCount]).toEqual([[jobs[2], jobs[1]], 2]);
    expect([...idsOf(firstOfWindow), ...idsOf(restOfWindow)]).toEqual([jobs[0], jobs[2], jobs[1]]);
  });

  it('refuses a cursor it did not issue as a client error', async () => {
    await expect(list.page(callerOf(sandboxOf()), { cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });
});

describe('the migration that numbers the import jobs (PostgreSQL)', () => {
  const insert = (database: MigratedDatabase, id: string, createdAt?: string) =>
    database.query(
      `INSERT INTO bulk_import.import_jobs (id, platform_id, environment, status, columns, created_at)
       VALUES ($1, $2, 'SANDBOX', 'COMPLETED', '{}', coalesce($3::timestamptz, now()))`,
      [id, randomUUID(), createdAt ?? null],
    );

  it('numbers the jobs already there in creation order, and new jobs after them', async () => {
    const { migrations } = BULK_IMPORT_SCHEMA;
    const database = await MigratedDatabase.create({
      ...BULK_IMPORT_SCHEMA,
      entities: [],
      migrations: migrations.slice(0, migrations.indexOf(ImportJobList1766600000000)),
    });
    try {
      const jobs = [randomUUID(), randomUUID(), randomUUID()];
      // Inserted newest first, so that the table's physical order is the reverse of creation order.
      for (const [index, id] of [...jobs.entries()].reverse())
        await insert(database, id, `2025-10-0${index + 1}T00:00:00Z`);

      await runMigrations(database.url, BULK_IMPORT_SCHEMA);
      const uploadedAfter = randomUUID();
      await insert(database, uploadedAfter);

      expect(
        await database.query(`SELECT id, seq::int FROM bulk_import.import_jobs ORDER BY created_at`),
      ).toEqual([...jobs, uploadedAfter].map((id, index) => ({ id, seq: index + 1 })));
    } finally {
      await database.drop();
    }
  });
});

function idsOf(page: { data: { jobId: string }[] }): string[] {
  return page.data.map((job) => job.jobId.slice('Job:'.length));
}
