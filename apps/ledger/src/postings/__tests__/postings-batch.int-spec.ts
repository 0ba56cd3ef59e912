import { randomUUID } from 'node:crypto';
import { toApiId } from '@payments/contracts';
import { MigratedDatabase } from '@payments/testing';
import { LEDGER_SCHEMA } from '@ledger/database';
import { applied, caller, LedgerTables, posting } from '@ledger/postings/__tests__/database-postings';
import { LostClaim } from '@ledger/postings/postings.store';

jest.setTimeout(30_000);

/** Many postings of one caller in one call: the reserves of concurrent requests, a worker's batch. */
describe('PostingsService: batches', () => {
  let database: MigratedDatabase;
  let ledger: LedgerTables;
  const codesOf = (results: unknown[]) =>
    results.map((result) => (result as { code?: string }).code ?? (result as { created: boolean }).created);

  beforeAll(async () => {
    database = await MigratedDatabase.create(LEDGER_SCHEMA);
  });

  beforeEach(async () => {
    ledger = await LedgerTables.emptied(database.dataSource);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('answers each posting in its order, in one database transaction; a refused one fails alone', async () => {
    const funded = await ledger.openInternal(1_000n);
    const empty = await ledger.openInternal();

    const results = await ledger.service.postAll(caller, [
      posting('RESERVE', funded, 300, { transactionId: 'Transaction:a' }),
      posting('RESERVE', empty, 500, { transactionId: 'Transaction:b' }),
      posting('RESERVE', toApiId('InternalAccount', randomUUID()), 1, { transactionId: 'Transaction:c' }),
      posting('RESERVE', funded, 200, { transactionId: 'Transaction:d' }),
    ]);

    expect(codesOf(results)).toEqual([true, 'INSUFFICIENT_BALANCE', 'ACCOUNT_NOT_FOUND', true]);
    expect(ledger.store.transaction).toHaveBeenCalledTimes(1);
    expect(await ledger.balanceOf(funded)).toBe(500n);
    expect(await ledger.balanceOf(empty)).toBe(0n);
    expect((await ledger.postings('RESERVE')).map((row) => row.transaction_id)).toEqual([
      'Transaction:a',
      'Transaction:d',
    ]);
  });

  it('weighs each posting against the balances the earlier ones left', async () => {
    const account = await ledger.openInternal();
    const deposit = posting('DEPOSIT', account, 1_000, { transactionId: 'Transaction:in' });
    const reserve = posting('RESERVE', account, 1_000, { transactionId: 'Transaction:out' });

    expect(codesOf(await ledger.service.postAll(caller, [reserve, deposit]))).toEqual([
      'INSUFFICIENT_BALANCE',
      true,
    ]);
    const other = await ledger.openInternal();
    const [, reserved] = await ledger.service.postAll(caller, [
      { ...deposit, accountId: other, transactionId: 'Transaction:in-2' },
      { ...reserve, accountId: other, transactionId: 'Transaction:out-2' },
    ]);
    expect(applied(reserved).posting.balance).toBe(0);
  });

  it('writes a key repeated within the batch once, the repeat answering the first', async () => {
    const account = await ledger.openInternal();
    const deposit = posting('DEPOSIT', account, 1_000);

    const [first, repeat] = await ledger.service.postAll(caller, [deposit, deposit]);

    expect(repeat).toEqual({ created: false, posting: applied(first).posting });
    expect(await ledger.postings()).toHaveLength(1);
    expect(await ledger.balanceOf(account)).toBe(1_000n);
  });

  it("reports each account's balance changes in order, so that they chain; a SETTLE changes none", async () => {
    const account = await ledger.openInternal();
    const other = await ledger.openInternal();

    await ledger.service.postAll(caller, [
      posting('DEPOSIT', account, 1_000, { transactionId: 'Transaction:in' }),
      posting('RESERVE', account, 400, { transactionId: 'Transaction:out' }),
      posting('SETTLE', account, 400, { transactionId: 'Transaction:out' }),
      posting('DEPOSIT', other, 50, { transactionId: 'Transaction:other' }),
    ]);

    expect((await ledger.events()).map((event) => event.payload)).toEqual([
      expect.objectContaining({
        accountId: account,
        oldBalance: 0,
        newBalance: 1_000,
        postingKind: 'DEPOSIT',
      }),
      expect.objectContaining({
        accountId: account,
        oldBalance: 1_000,
        newBalance: 600,
        postingKind: 'RESERVE',
      }),
      expect.objectContaining({
        accountId: other,
        oldBalance: 0,
        newBalance: 50,
        transactionId: 'Transaction:other',
      }),
    ]);
    expect((await ledger.events())[0]).toMatchObject({
      type: 'account.balance-changed',
      aggregateId: account,
    });
  });

  describe('a key claimed meanwhile by a concurrent request', () => {
    it('runs the batch again, answering that posting and writing the others', async () => {
      const account = await ledger.openInternal();
      const concurrent = randomUUID();
      ledger.beforeNextWrite(() => ledger.insertPosting(concurrent, account, 'Transaction:1'));

      const [answered, written] = await ledger.service.postAll(caller, [
        posting('DEPOSIT', account, 1_000, { transactionId: 'Transaction:1' }),
        posting('DEPOSIT', account, 30, { transactionId: 'Transaction:2' }),
      ]);

      expect(answered).toEqual({
        created: false,
        posting: expect.objectContaining({ postingId: concurrent }),
      });
      expect(applied(written).created).toBe(true);
      expect(ledger.store.transaction).toHaveBeenCalledTimes(2);
      expect((await ledger.postings()).map((row) => row.transaction_id)).toEqual([
        'Transaction:1',
        'Transaction:2',
      ]);
    });

    it('gives up after three runs that each lost a claim, writing nothing', async () => {
      const account = await ledger.openInternal();
      const keys = ['Transaction:1', 'Transaction:2', 'Transaction:3'];
      for (const key of keys) ledger.beforeNextWrite(() => ledger.insertPosting(randomUUID(), account, key));

      await expect(
        ledger.service.postAll(
          caller,
          keys.map((transactionId) => posting('DEPOSIT', account, 1_000, { transactionId })),
        ),
      ).rejects.toBeInstanceOf(LostClaim);
      expect(ledger.store.transaction).toHaveBeenCalledTimes(3);
      expect(await ledger.balanceOf(account)).toBe(0n);
    });
  });
});
