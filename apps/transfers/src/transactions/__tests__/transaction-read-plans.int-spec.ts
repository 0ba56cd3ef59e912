import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { callerOf, PlatformScope } from '@payments/http';
import { Outbox } from '@payments/persistence';
import { MigratedDatabase, plansOf, statementsDuring } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { ListTransactionsQuery } from '@transfers/transactions/dto/list-transactions.query';
import { newReference } from '@transfers/transactions/transaction-insert';
import { Transaction } from '@transfers/transactions/transaction.entity';
import { NewScheduledTransaction, TransactionStore } from '@transfers/transactions/transaction.store';
import { TransactionsService } from '@transfers/transactions/transactions.service';

jest.setTimeout(60_000);

const ROWS = 60_000;
const BATCH = 5_000;

/** The index each list filter must read when Postgres has no statistics to choose by. */
const FILTER_INDEXES: [string, Partial<ListTransactionsQuery>, string][] = [
  ['no filter', {}, 'transactions_scope_seq'],
  ['customerId', { customerId: 'Customer:7' }, 'transactions_scope_customer'],
  ['platformCustomerId', { platformCustomerId: 'user-7' }, 'transactions_platform_customer'],
  [
    'senderAccountIdentifier',
    { senderAccountIdentifier: 'InternalAccount:7' },
    'transactions_scope_source_account',
  ],
  [
    'receiverAccountIdentifier',
    { receiverAccountIdentifier: 'ExternalAccount:7' },
    'transactions_scope_destination_account',
  ],
  ['status', { status: 'FAILED' }, 'transactions_scope_status'],
  ['type', { type: 'INCOMING' }, 'transactions_scope_type'],
  [
    'startDate and endDate',
    { startDate: '2025-10-01T00:00:00Z', endDate: '2025-10-02T00:00:00Z' },
    'transactions_scope_created',
  ],
];

function transferOut(scope: PlatformScope, index: number): NewScheduledTransaction {
  return {
    transaction: {
      id: randomUUID(),
      ...scope,
      type: 'OUTGOING',
      sourceType: 'ACCOUNT',
      sourceAccountId: `InternalAccount:${index % 50}`,
      sourceCurrency: 'USD',
      destinationAccountId: `ExternalAccount:${index % 500}`,
      destinationCurrency: 'USD',
      customerId: `Customer:${index % 50}`,
      platformCustomerId: `user-${index % 50}`,
      sentAmount: 1_000,
      receivedAmount: 1_000,
      reference: newReference(),
    },
    rail: { answer: 'SETTLE', delayMs: 60_000, firstLookInMs: 60_000 },
  };
}

/**
 * The transaction reads by id and list pages are range reads of the right index, as the platform's
 * history grows, whether or not Postgres has table statistics (autovacuum is off on some servers):
 * each statement the service sends is explained as a custom and as a generic plan, before and after
 * ANALYZE (docs/operations.md, "Cost as the data grows").
 */
describe('transaction reads: plans that do not grow with the history (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let service: TransactionsService;
  let store: TransactionStore;
  const scope: PlatformScope = { platformId: randomUUID(), environment: Environment.Sandbox };
  const otherScope: PlatformScope = { platformId: randomUUID(), environment: Environment.Sandbox };
  let someId: string;

  beforeAll(async () => {
    database = await MigratedDatabase.create(TRANSFERS_SCHEMA);
    const config = { get: () => '' } as unknown as ConfigService<never, true>;
    store = new TransactionStore(database.dataSource, new Outbox(config));
    for (let start = 0; start < ROWS; start += BATCH) {
      const batch = Array.from({ length: BATCH }, (_, offset) =>
        transferOut((start + offset) % 3 === 0 ? otherScope : scope, start + offset),
      );
      await store.insert(database.dataSource.manager, batch);
    }
    // A history like a live platform's, as the statistics will see it: mostly COMPLETED, a few
    // FAILED or still PENDING, a tenth of it received.
    await database.query(
      `UPDATE transfers.transactions SET
         status = CASE WHEN seq % 20 = 0 THEN 'FAILED' WHEN seq % 20 = 1 THEN 'PENDING' ELSE 'COMPLETED' END,
         type = CASE WHEN seq % 10 = 0 THEN 'INCOMING' ELSE 'OUTGOING' END`,
    );
    someId = (await database.query<{ id: string }>(`SELECT id FROM transfers.transactions LIMIT 1`))[0].id;
    service = new TransactionsService(database.dataSource.getRepository(Transaction), store);
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function selectsOf(read: () => Promise<unknown>) {
    const statements = await statementsDuring(read);
    return statements.filter((statement) => /^\s*SELECT/i.test(statement.sql));
  }

  it('answers each of concurrent reads by id on its own, though they share a statement', async () => {
    const [own, others] = await Promise.all(
      [scope, otherScope].map(async ({ platformId }) => {
        const [row] = await database.query<{ id: string }>(
          `SELECT id FROM transfers.transactions WHERE platform_id = $1 LIMIT 1`,
          [platformId],
        );
        return `Transaction:${row.id}`;
      }),
    );
    const reads = [own, others, `Transaction:${randomUUID()}`, 'Transaction:nope', own];

    const answers = await Promise.allSettled(reads.map((id) => service.get(callerOf(scope), id)));

    expect(
      answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.id : answer.reason.code)),
    ).toEqual([own, 'TRANSACTION_NOT_FOUND', 'TRANSACTION_NOT_FOUND', 'TRANSACTION_NOT_FOUND', own]);
  });

  describe.each(['without', 'with'])('%s table statistics', (statistics) => {
    beforeAll(async () => {
      if (statistics === 'with') await database.query('ANALYZE transfers.transactions');
    });

    it('reads a transaction by id from the primary key alone', async () => {
      const [select] = await selectsOf(() =>
        service.get(callerOf(scope), `Transaction:${someId}`).catch(() => null),
      );
      for (const plan of await plansOf(database.dataSource, select)) {
        expect(plan.indexes).toEqual(['transactions_pkey']);
      }
    });

    it.each(FILTER_INDEXES)('pages the list filtered by %s from its index', async (_name, filter, index) => {
      for (const sortOrder of ['desc', 'asc'] as const) {
        const selects = await selectsOf(() =>
          service.list(callerOf(scope), { ...filter, sortOrder, limit: 20 }),
        );
        const page = selects.find((statement) => /ORDER BY/i.test(statement.sql))!;
        for (const plan of await plansOf(database.dataSource, page)) {
          expect(plan.wholeTables).toEqual([]);
          expect(plan.indexes).toEqual([index]);
          // With statistics, a filter matching few rows may be read as a bitmap and those few sorted.
          if (statistics === 'without') expect(plan.sorts).toBe(false);
        }
      }
    });
  });
});
