import { BalanceEvent, Environment } from '@payments/contracts';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LEDGER_SCHEMA } from '@ledger/database';
import { postingsOnDatabase } from '@ledger/postings/__tests__/database-postings';
import { CreatePostingDto } from '@ledger/postings/dto/create-posting.dto';
import { PostingsService } from '@ledger/postings/postings.service';

const CALLER = {
  platformId: `Platform:${randomUUID()}`,
  environment: Environment.Sandbox,
  requestId: 'req-1',
};

/** Balance events come out of the postings' own statements, into the outbox of their transaction. */
describe('balance events of postings', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let postings: PostingsService;
  let accountId: string;

  beforeAll(async () => {
    database = await MigratedDatabase.create(LEDGER_SCHEMA);
    dataSource = database.dataSource;
    ({ postings, accountId } = await postingsOnDatabase(dataSource, CALLER));
  });

  afterAll(async () => {
    await database?.drop();
  });

  const posting = (
    kind: CreatePostingDto['kind'],
    transactionId: string,
    amount: number,
  ): CreatePostingDto => ({
    transactionId,
    kind,
    accountId,
    amount,
    currency: 'USD',
  });

  async function outboxRows(): Promise<
    { topic: string; key: string; event: BalanceEvent; headers: object }[]
  > {
    const rows = await dataSource.query(
      `SELECT topic, message_key, payload, headers FROM outbox ORDER BY id`,
    );
    await dataSource.query(`DELETE FROM outbox`);
    return rows.map((row: Record<string, string>) => ({
      topic: row.topic,
      key: row.message_key,
      event: JSON.parse(row.payload),
      headers: row.headers,
    }));
  }

  it("writes one event per balance move, in the batch's order, with the exact balances", async () => {
    await postings.postAll(CALLER, [
      posting('DEPOSIT', 'Transaction:a', 1_000),
      posting('RESERVE', 'Transaction:b', 300),
      posting('SETTLE', 'Transaction:b', 300),
      posting('RESERVE', 'Transaction:c', 5_000),
    ]);

    const rows = await outboxRows();
    expect(rows.map(({ topic, key, headers }) => ({ topic, key, headers }))).toEqual([
      {
        topic: 'test.ledger.balance-events.v1',
        key: accountId,
        headers: { 'event-type': 'account.balance-changed', 'x-request-id': 'req-1' },
      },
      {
        topic: 'test.ledger.balance-events.v1',
        key: accountId,
        headers: { 'event-type': 'account.balance-changed', 'x-request-id': 'req-1' },
      },
    ]);
    expect(rows.map(({ event }) => event.payload)).toEqual([
      {
        accountId,
        customerId: 'Customer:1',
        platformCustomerId: 'c-1',
        currency: 'USD',
        oldBalance: 0,
        newBalance: 1_000,
        transactionId: 'Transaction:a',
        postingKind: 'DEPOSIT',
      },
      expect.objectContaining({
        oldBalance: 1_000,
        newBalance: 700,
        transactionId: 'Transaction:b',
        postingKind: 'RESERVE',
      }),
    ]);
  });

  it('writes nothing again for a replayed posting, and chains on from the balance left', async () => {
    await postings.postAll(CALLER, [
      posting('DEPOSIT', 'Transaction:a', 1_000),
      posting('RELEASE', 'Transaction:c', 1),
    ]);
    expect(await outboxRows()).toEqual([]);

    await postings.postAll(CALLER, [posting('DEPOSIT', 'Transaction:d', 50)]);
    expect(
      (await outboxRows()).map(({ event }) => [event.payload.oldBalance, event.payload.newBalance]),
    ).toEqual([[700, 750]]);
  });
});
