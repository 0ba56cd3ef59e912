import { Environment } from '@payments/contracts';
import { MigratedDatabase, plansOf, statementsDuring } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';
import { DeliveryLogStore, DeliverySelection } from '@webhooks/delivery-log/delivery-log.store';
import { RedeliveryStore } from '@webhooks/delivery-log/redelivery.store';

jest.setTimeout(60_000);

const ROWS = 60_000;

/** The index each filter of the log must read, whatever Postgres knows of the table. */
const FILTER_INDEXES: [string, DeliverySelection, string][] = [
  ['no filter', {}, 'deliveries_log'],
  ['status', { status: 'FAILED' }, 'deliveries_log_status'],
  ['transactionId', { transactionId: 'Transaction:7' }, 'deliveries_log_aggregate'],
  [
    'createdAfter and createdBefore',
    { createdAfter: new Date('2025-10-01T00:00:00Z'), createdBefore: new Date('2025-10-02T00:00:00Z') },
    'deliveries_log',
  ],
];

/**
 * The delivery log's pages are range reads of the right index as a platform's history grows, with
 * and without table statistics, as custom and as generic plans (docs/operations.md).
 */
describe('delivery log reads: plans that do not grow with the history (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let log: DeliveryLogStore;
  const scope = { platformId: `Platform:${randomUUID()}`, environment: Environment.Sandbox };
  const otherScope = { platformId: `Platform:${randomUUID()}`, environment: Environment.Sandbox };

  beforeAll(async () => {
    database = await MigratedDatabase.create(WEBHOOKS_SCHEMA);
    // A history like a live platform's: mostly DELIVERED, a few FAILED, a third another platform's,
    // a month of creation times, a few webhooks per transaction.
    await database.query(
      `INSERT INTO webhooks.deliveries (id, platform_id, environment, aggregate_id, type, body, status, created_at)
       SELECT gen_random_uuid(), CASE WHEN n % 3 = 0 THEN $2 ELSE $1 END, 'SANDBOX', 'Transaction:' || (n / 3),
         CASE WHEN n % 10 = 0 THEN 'KYC_STATUS' ELSE 'OUTGOING_PAYMENT' END, '{}',
         CASE WHEN n % 50 = 0 THEN 'FAILED' ELSE 'DELIVERED' END,
         timestamptz '2025-10-01' + n * interval '40 seconds'
       FROM generate_series(1, $3) n`,
      [scope.platformId, otherScope.platformId, ROWS],
    );
    // A bulk redelivery under way: the FAILED ones of the platform back in the lane.
    await database.query(
      `UPDATE webhooks.deliveries SET status = 'PENDING', redelivery = true WHERE status = 'FAILED' AND platform_id = $1`,
      [scope.platformId],
    );
    log = new DeliveryLogStore(database.dataSource);
  });

  afterAll(async () => {
    await database?.drop();
  });

  describe.each(['without', 'with'])('%s table statistics', (statistics) => {
    beforeAll(async () => {
      if (statistics === 'with') await database.query('ANALYZE webhooks.deliveries');
    });

    it("takes the redelivery lane's turns from its index, not the history", async () => {
      const redeliveries = new RedeliveryStore(database.dataSource);
      const statements = await statementsDuring(() => redeliveries.takeTurns(8, 4, 60_000));
      const take = statements.find((statement) => /RECURSIVE/.test(statement.sql))!;
      for (const plan of await plansOf(database.dataSource, take)) {
        expect(plan.wholeTables).toEqual([]);
        expect(plan.indexes).toContain('deliveries_due_redelivery');
        expect(plan.indexes).not.toContain('deliveries_log');
      }
    });

    it.each(FILTER_INDEXES)(
      'pages the log filtered by %s from its index',
      async (_name, selection, index) => {
        const [first] = await log.page(scope, selection, 21);
        for (const after of [undefined, first && { at: first.created_us, id: first.id }]) {
          const [page] = await statementsDuring(() => log.page(scope, selection, 21, after));
          for (const plan of await plansOf(database.dataSource, page)) {
            expect(plan.wholeTables).toEqual([]);
            expect(plan.indexes.filter((name) => name.startsWith('deliveries_'))).toEqual([index]);
            if (statistics === 'without') expect(plan.sorts).toBe(false);
          }
        }
      },
    );
  });
});
