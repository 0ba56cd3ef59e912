import { ConfigService } from '@nestjs/config';
import { Outbox } from '@payments/persistence';
import { inActiveSpan, MigratedDatabase, recordSpans } from '@payments/testing';
import { DataSource, EntityManager } from 'typeorm';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { newTransferOut } from '@transfers/transactions/__tests__/new-transfer-out';
import { NewScheduledTransaction, TransactionStore } from '@transfers/transactions/transaction.store';

jest.setTimeout(30_000);

function pendingTransferOut(): NewScheduledTransaction {
  return newTransferOut({ rail: { delayMs: 60_000, firstLookInMs: 60_000 } });
}

describe('TransactionStore (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let store: TransactionStore;

  beforeAll(async () => {
    database = await MigratedDatabase.create(TRANSFERS_SCHEMA);
    dataSource = database.dataSource;
    const config = { get: () => '' } as unknown as ConfigService<never, true>;
    store = new TransactionStore(dataSource, new Outbox(config));
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('reads transactions by id in the order asked, undefined for one that is not there', async () => {
    const [first, second] = [pendingTransferOut(), pendingTransferOut()];
    await store.insert(dataSource.manager, [first, second]);
    const missing = '00000000-0000-4000-8000-000000000000';

    const found = await store.getAll([second.transaction.id, missing, first.transaction.id]);

    expect(found.map((transaction) => transaction?.id)).toEqual([
      second.transaction.id,
      undefined,
      first.transaction.id,
    ]);
    expect(await store.ownerAndStatus(dataSource.manager, first.transaction.id)).toEqual({
      platformId: first.transaction.platformId,
      environment: first.transaction.environment,
      status: 'CREATED',
    });
    expect(await store.ownerAndStatus(dataSource.manager, missing)).toBeUndefined();
  });

  /**
   * Two moves of the same transactions, listed in opposite orders, wait behind a third transaction
   * holding both rows, then go at once. Plans that update in list order (as a nested loop over the
   * list does) made them lock crosswise: Postgres found the deadlock and failed one.
   */
  it('moves the same transactions from two batches listed in opposite orders without a deadlock', async () => {
    const [first, second] = [pendingTransferOut(), pendingTransferOut()];
    await store.insert(dataSource.manager, [first, second]);
    const ids = [first.transaction.id, second.transaction.id];
    const toPending = (id: string) => ({
      id,
      from: 'CREATED' as const,
      to: 'PENDING' as const,
      reason: 'Accepted by the rail',
    });
    const inListOrder = async (manager: EntityManager) => {
      for (const setting of ['enable_seqscan', 'enable_hashjoin', 'enable_mergejoin'])
        await manager.query(`SET LOCAL ${setting} = off`);
    };

    const holder = dataSource.createQueryRunner();
    await holder.startTransaction();
    await holder.query('SELECT id FROM transactions WHERE id = ANY($1::uuid[]) FOR NO KEY UPDATE', [ids]);
    const moves = [ids, [...ids].reverse()].map((order) =>
      dataSource.transaction(async (manager) => {
        await inListOrder(manager);
        return store.move(manager, order.map(toPending));
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await holder.commitTransaction();
    await holder.release();

    const outcomes = await Promise.allSettled(moves);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    // One batch moved both; the other found them moved already.
    const moved = outcomes
      .map((outcome) => (outcome as PromiseFulfilledResult<unknown[]>).value.length)
      .sort();
    expect(moved).toEqual([0, 2]);
  });

  it('reads back a transaction an insert found there, and asks for a retry when it was discarded since', async () => {
    const created = pendingTransferOut();
    await store.insert(dataSource.manager, [created]);
    expect(await store.getFoundOnInsert(created.transaction.id)).toMatchObject({ status: 'CREATED' });

    await store.discardCreated(dataSource.manager, created.transaction.id);
    expect(await store.get(created.transaction.id)).toBeUndefined();
    await expect(store.getFoundOnInsert(created.transaction.id)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  describe('with tracing on', () => {
    recordSpans();

    it("keeps each request's trace with its rail attempt and its event when requests share statements", async () => {
      const requests = [pendingTransferOut(), pendingTransferOut(), pendingTransferOut()];
      // Three at once: with one statement in flight, the later two share the next ones.
      const traced = await Promise.all(
        requests.map(async (created) => {
          const { traceparent } = await inActiveSpan('request', async () => {
            await store.insertCommitted(created);
            await store.moveCommitted({
              id: created.transaction.id,
              from: 'CREATED',
              to: 'PENDING',
              reason: 'test',
            });
          });
          return { id: created.transaction.id, traceparent };
        }),
      );

      const ids = traced.map(({ id }) => id);
      const attempts: { id: string; traceparent: string }[] = await dataSource.query(
        `SELECT transaction_id AS id, traceparent FROM rail_attempts WHERE transaction_id = ANY($1::uuid[])`,
        [ids],
      );
      const events: { key: string; traceparent: string }[] = await dataSource.query(
        `SELECT message_key AS key, headers ->> 'traceparent' AS traceparent FROM outbox
         WHERE EXISTS (SELECT FROM unnest($1::text[]) AS id WHERE message_key LIKE '%' || id)`,
        [ids],
      );
      const byId = (rows: { traceparent: string }[], idOf: (row: any) => string) =>
        Object.fromEntries(rows.map((row) => [ids.find((id) => idOf(row).endsWith(id)), row.traceparent]));
      const expected = Object.fromEntries(traced.map(({ id, traceparent }) => [id, traceparent]));
      expect(byId(attempts, (row) => row.id)).toEqual(expected);
      expect(byId(events, (row) => row.key)).toEqual(expected);
    });
  });
});
