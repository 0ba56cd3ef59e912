import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { callerOf } from '@payments/http';
import { Outbox } from '@payments/persistence';
import { MigratedDatabase, plansOf, statementsDuring } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { newTransferOut } from '@transfers/transactions/__tests__/new-transfer-out';
import { TransactionHistoryService } from '@transfers/transactions/transaction-history.service';
import { TransactionHistoryStore } from '@transfers/transactions/transaction-history.store';
import { Transaction } from '@transfers/transactions/transaction.entity';
import { StatusChange, TransactionStore } from '@transfers/transactions/transaction.store';
import { TransactionsService } from '@transfers/transactions/transactions.service';

jest.setTimeout(60_000);

/** Transfers of others, each with a history, so that a read that scanned the history would show in its plan. */
const OTHER_TRANSFERS = 10_000;
const BATCH = 5_000;

/** Status changes made by TransactionStore into real tables, read back through the public read. */
describe('the status history of a transaction (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let store: TransactionStore;
  let history: TransactionHistoryService;
  const payout = newTransferOut();
  const { platformId, environment } = payout.transaction;
  const caller = callerOf({ platformId, environment });
  const apiId = (id: string) => `Transaction:${id}`;

  /** Status changes as the apps make them: in a database transaction, with their events. */
  const moveAll = (changes: StatusChange[]) =>
    database.dataSource.transaction((manager) => store.move(manager, changes));

  beforeAll(async () => {
    database = await MigratedDatabase.create(TRANSFERS_SCHEMA);
    const { dataSource } = database;
    const config = { get: () => '' } as unknown as ConfigService<never, true>;
    store = new TransactionStore(dataSource, new Outbox(config));
    history = new TransactionHistoryService(
      new TransactionsService(dataSource.getRepository(Transaction), store),
      new TransactionHistoryStore(dataSource),
    );
    for (let made = 0; made < OTHER_TRANSFERS; made += BATCH) {
      const others = Array.from({ length: BATCH }, () => newTransferOut());
      await store.insert(dataSource.manager, others);
      await moveAll(
        others.map(({ transaction }) => ({
          id: transaction.id,
          from: 'CREATED',
          to: 'PENDING',
          reason: 'Funds reserved',
        })),
      );
    }
    await store.insert(dataSource.manager, [payout]);
    const id = payout.transaction.id;
    await moveAll([{ id, from: 'CREATED', to: 'PENDING', reason: 'Funds reserved' }]);
    await moveAll([{ id, from: 'PENDING', to: 'COMPLETED', reason: 'Settled by the rail' }]);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('starts at the creation, then lists every status change in the order it was made', async () => {
    const [{ createdAt }] = await database.query<{ createdAt: Date }>(
      `SELECT created_at AS "createdAt" FROM transfers.transactions WHERE id = $1`,
      [payout.transaction.id],
    );

    const { data } = await history.history(caller, apiId(payout.transaction.id));

    expect(data).toEqual([
      { status: 'CREATED', previousStatus: null, at: createdAt.toISOString() },
      { status: 'PENDING', previousStatus: 'CREATED', at: expect.any(String), reason: 'Funds reserved' },
      {
        status: 'COMPLETED',
        previousStatus: 'PENDING',
        at: expect.any(String),
        reason: 'Settled by the rail',
      },
    ]);
    const times = data.map(({ at }) => Date.parse(at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("is not found for another platform, the caller's other environment, or a transaction still CREATED", async () => {
    const created = newTransferOut({ transaction: { platformId, environment } });
    await store.insert(database.dataSource.manager, [created]);
    const refusals = [
      [callerOf({ platformId: randomUUID(), environment }), payout.transaction.id],
      [callerOf({ platformId, environment: Environment.Production }), payout.transaction.id],
      [caller, created.transaction.id],
    ] as const;

    for (const [asker, id] of refusals) {
      await expect(history.history(asker, apiId(id))).rejects.toMatchObject({
        code: 'TRANSACTION_NOT_FOUND',
      });
    }
  });

  describe.each(['without', 'with'])('%s table statistics', (statistics) => {
    beforeAll(async () => {
      if (statistics === 'with') await database.query('ANALYZE transfers.transaction_status_history');
    });

    it("reads the transaction's changes from the history's index on the transaction", async () => {
      const statements = await statementsDuring(() => history.history(caller, apiId(payout.transaction.id)));
      const select = statements.find((statement) => statement.sql.includes('transaction_status_history'))!;
      for (const plan of await plansOf(database.dataSource, select)) {
        // A transaction's few changes may be read as a bitmap and sorted: never more than its own.
        expect(plan.indexes).toEqual(['transaction_status_history_transaction']);
        expect(plan.wholeTables).toEqual([]);
      }
    });
  });
});
