import { Environment } from '@payments/contracts';
import { Filter, PlatformScope } from '@payments/http';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { CountedList, countedListStatements } from '../counted-list';
import { ListCountsWorker } from '../list-counts.worker';
import { ListCounts } from '../list-counts';
import { createMessagingTables } from '../../migrations/messaging-tables';

jest.setTimeout(60_000);

const PAYMENTS: CountedList = {
  table: 'payments',
  listed: "status <> 'DRAFT'",
  dimensions: { status: 'status', customerId: 'customer_id' },
};
const ADA: PlatformScope = { platformId: randomUUID(), environment: Environment.Sandbox };
const BOB: PlatformScope = { platformId: randomUUID(), environment: Environment.Sandbox };

class CreatePayments1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    // As every app schema's first migration: the shared migrations alter these tables.
    await createMessagingTables(queryRunner);
    await queryRunner.query(
      `CREATE TABLE payments (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, platform_id uuid NOT NULL,
         environment text NOT NULL, status text NOT NULL, customer_id text)`,
    );
    // Rows written before counting starts: the counting migration counts them.
    await queryRunner.query(
      `INSERT INTO payments (platform_id, environment, status, customer_id)
       SELECT $1, 'SANDBOX', CASE WHEN n % 3 = 0 THEN 'DRAFT' ELSE 'DONE' END, 'c' || (n % 4)
         FROM generate_series(1, 300) n`,
      [ADA.platformId],
    );
  }

  async down(): Promise<void> {}
}

class CountPayments1700000000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of countedListStatements(PAYMENTS)) await queryRunner.query(statement);
  }

  async down(): Promise<void> {}
}

const equality = (property: string, value: string): Filter => ({
  where: `payment.${property} = :${property}`,
  parameters: { [property]: value },
  equals: { property, value },
});

describe('ListCounts (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let counts: ListCounts;
  let compactor: ListCountsWorker;

  beforeAll(async () => {
    database = await MigratedDatabase.create({
      schema: 'counted',
      entities: [],
      migrations: [CreatePayments1700000000000, CountPayments1700000000001],
    });
    dataSource = database.dataSource;
    counts = new ListCounts(dataSource, PAYMENTS);
    compactor = new ListCountsWorker(dataSource);
  });

  afterAll(async () => {
    await database?.drop();
  });

  /** What COUNT(*) answers, the count the kept one must equal. */
  async function counted(scope: PlatformScope, where = 'true', parameters: unknown[] = []): Promise<number> {
    const [{ count }] = await dataSource.query(
      `SELECT count(*)::int AS count FROM payments
        WHERE platform_id = $1 AND environment = $2 AND status <> 'DRAFT' AND ${where}`,
      [scope.platformId, scope.environment, ...parameters],
    );
    return count;
  }

  async function expectExact(): Promise<void> {
    for (const scope of [ADA, BOB]) {
      expect(await counts.counter(scope, [])!()).toBe(await counted(scope));
      for (const status of ['DONE', 'FAILED', 'DRAFT']) {
        expect(await counts.counter(scope, [equality('status', status)])!()).toBe(
          await counted(scope, 'status = $3', [status]),
        );
      }
      for (const customer of ['c0', 'c1', 'c9']) {
        expect(await counts.counter(scope, [equality('customerId', customer)])!()).toBe(
          await counted(scope, 'customer_id = $3', [customer]),
        );
      }
    }
  }

  it('counts the rows written before counting started', async () => {
    expect(await counts.counter(ADA, [])!()).toBe(200);
    await expectExact();
  });

  it('follows multi-row inserts, updates in and out of the list, and deletes, before and after folding', async () => {
    await dataSource.query(
      `INSERT INTO payments (platform_id, environment, status, customer_id)
       SELECT $1::uuid, 'SANDBOX', 'DRAFT', 'c9' FROM generate_series(1, 50)
       UNION ALL SELECT $2::uuid, 'SANDBOX', 'DONE', NULL FROM generate_series(1, 20)`,
      [ADA.platformId, BOB.platformId],
    );
    await dataSource.query(`UPDATE payments SET status = 'DONE' WHERE customer_id = 'c9'`);
    await dataSource.query(`UPDATE payments SET status = 'FAILED' WHERE id % 7 = 0`);
    await dataSource.query(`UPDATE payments SET customer_id = 'c1' WHERE id % 11 = 0`);
    await dataSource.query(`DELETE FROM payments WHERE id % 13 = 0`);
    await expectExact();

    while (await compactor.fold());
    const [{ pending }] = await dataSource.query(`SELECT count(*)::int AS pending FROM list_count_deltas`);
    expect(pending).toBe(0);
    await expectExact();
  });

  it('stays exact while two replicas fold and writers write', async () => {
    const writes = Array.from({ length: 20 }, (_, round) =>
      dataSource.query(
        `INSERT INTO payments (platform_id, environment, status, customer_id)
         SELECT $1, 'SANDBOX', 'DONE', 'c' || (n % 4) FROM generate_series(1, 100) n`,
        [round % 2 === 0 ? ADA.platformId : BOB.platformId],
      ),
    );
    const folding = [compactor, new ListCountsWorker(dataSource)].map(async (replica) => {
      for (let round = 0; round < 20; round++) await replica.fold();
    });
    await Promise.all([...writes, ...folding]);
    await expectExact();
    while (await compactor.fold());
    await expectExact();
  });

  it('leaves to the page the count of two filters or of a filter it does not keep', () => {
    expect(counts.counter(ADA, [equality('status', 'DONE'), equality('customerId', 'c1')])).toBeUndefined();
    expect(counts.counter(ADA, [equality('reference', 'r-1')])).toBeUndefined();
    expect(
      counts.counter(ADA, [{ where: 'payment.createdAt >= :after', parameters: { after: new Date() } }]),
    ).toBeUndefined();
  });
});
