import { Environment } from '@payments/contracts';
import { callerOf } from '@payments/http';
import { MigratedDatabase, plansOf, statementsDuring } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { BULK_IMPORT_SCHEMA } from '@bulk-import/database';
import { ListImportJobsQuery } from '@bulk-import/jobs/dto/list-import-jobs.query';
import { ImportJob } from '@bulk-import/jobs/import-job.entity';
import { ImportJobList } from '@bulk-import/jobs/import-job-list';

jest.setTimeout(60_000);

const JOBS = 30_000;

/** The index each filter of the list must read, whatever Postgres knows of the table. */
const FILTER_INDEXES: [string, ListImportJobsQuery, string][] = [
  ['no filter', {}, 'import_jobs_scope'],
  ['status', { status: 'PROCESSING' }, 'import_jobs_scope_status'],
  [
    'createdAfter and createdBefore',
    { createdAfter: '2025-03-01T00:00:00Z', createdBefore: '2025-03-31T00:00:00Z' },
    'import_jobs_scope_created',
  ],
];

/**
 * The list's pages are range reads of the right index as a platform's jobs grow, with and without
 * table statistics, as custom and as generic plans (docs/operations.md). Its totalCount counts the
 * matching jobs (ImportJobList), a cost of the platform's own jobs.
 */
describe('import job list reads: plans that do not grow with the jobs (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let list: ImportJobList;
  const scope = { platformId: randomUUID(), environment: Environment.Sandbox };

  beforeAll(async () => {
    database = await MigratedDatabase.create(BULK_IMPORT_SCHEMA);
    // A third of the jobs the platform's, over a year; the others another platform's. A few are
    // still running.
    await database.query(
      `INSERT INTO bulk_import.import_jobs (id, platform_id, environment, status, columns, created_at)
       SELECT gen_random_uuid(), CASE WHEN n % 3 = 0 THEN $1::uuid ELSE $2::uuid END, 'SANDBOX',
         CASE WHEN n % 100 = 0 THEN 'PROCESSING' ELSE 'COMPLETED' END, '{}',
         timestamptz '2025-01-01' + n * interval '15 minutes'
       FROM generate_series(1, $3) n`,
      [scope.platformId, randomUUID(), JOBS],
    );
    list = new ImportJobList(database.dataSource.getRepository(ImportJob));
  });

  afterAll(async () => {
    await database?.drop();
  });

  describe.each(['without', 'with'])('%s table statistics', (statistics) => {
    beforeAll(async () => {
      if (statistics === 'with') await database.query('ANALYZE bulk_import.import_jobs');
    });

    it.each(FILTER_INDEXES)('pages the list filtered by %s from its index', async (_name, filter, index) => {
      const caller = callerOf(scope);
      const { nextCursor } = await list.page(caller, filter);
      for (const cursor of [undefined, nextCursor]) {
        const statements = await statementsDuring(() => list.page(caller, { ...filter, cursor }));
        const page = statements.find((statement) => /ORDER BY/.test(statement.sql))!;
        for (const plan of await plansOf(database.dataSource, page)) {
          expect(plan.wholeTables).toEqual([]);
          expect(plan.indexes).toEqual([index]);
          if (statistics === 'without') expect(plan.sorts).toBe(false);
        }
      }
    });
  });
});
