import { randomUUID } from 'node:crypto';
import { toApiId } from '@payments/contracts';
import { MigratedDatabase } from '@payments/testing';
import { MAX_JSON_AMOUNT } from '@ledger/accounts/minor-units';
import { LEDGER_SCHEMA } from '@ledger/database';
import { applied, caller, LedgerTables, posting } from '@ledger/postings/__tests__/database-postings';
import { CreatePostingDto } from '@ledger/postings/dto/create-posting.dto';

jest.setTimeout(30_000);

/** Double-entry postings, one at a time (a batch of one), into the ledger's real tables. */
describe('PostingsService: postings', () => {
  let database: MigratedDatabase;
  let ledger: LedgerTables;
  const post = async (body: CreatePostingDto) => (await ledger.service.postAll(caller, [body]))[0];

  beforeAll(async () => {
    database = await MigratedDatabase.create(LEDGER_SCHEMA);
  });

  beforeEach(async () => {
    ledger = await LedgerTables.emptied(database.dataSource);
  });

  afterEach(async () => {
    // Whatever a test did, money was only ever moved between accounts.
    expect(await ledger.total()).toBe(0n);
    expect(await ledger.unbalancedPostings()).toEqual([]);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('credits a DEPOSIT to the internal account from the external settlement account', async () => {
    const account = await ledger.openInternal();

    const result = applied(
      await post(posting('DEPOSIT', account, 5_000, { transactionId: 'Transaction:d' })),
    );

    expect(result).toEqual({
      created: true,
      posting: {
        postingId: expect.any(String),
        transactionId: 'Transaction:d',
        kind: 'DEPOSIT',
        balance: 5_000,
      },
    });
    expect(await ledger.balanceOf(account)).toBe(5_000n);
    expect(await ledger.systemBalance('EXTERNAL_SETTLEMENT')).toBe(-5_000n);
    expect(await ledger.postings()).toEqual([
      expect.objectContaining({ id: result.posting.postingId, amount: '5000', balance_after: '5000' }),
    ]);
  });

  it('sets a RESERVE aside in transit; SETTLE pays it out and RELEASE gives it back', async () => {
    const account = await ledger.openInternal();
    await post(posting('DEPOSIT', account, 10_000, { transactionId: 'Transaction:funds' }));

    const reserved = applied(
      await post(posting('RESERVE', account, 4_000, { transactionId: 'Transaction:paid' })),
    );
    expect(reserved.posting.balance).toBe(6_000);
    expect(await ledger.systemBalance('IN_TRANSIT')).toBe(4_000n);

    const settled = applied(
      await post(posting('SETTLE', account, 4_000, { transactionId: 'Transaction:paid' })),
    );
    expect(settled.posting.balance).toBe(6_000);
    expect(await ledger.systemBalance('IN_TRANSIT')).toBe(0n);
    expect(await ledger.systemBalance('EXTERNAL_SETTLEMENT')).toBe(-6_000n);

    await post(posting('RESERVE', account, 1_000, { transactionId: 'Transaction:failed' }));
    const released = applied(
      await post(posting('RELEASE', account, 1_000, { transactionId: 'Transaction:failed' })),
    );
    expect(released.posting.balance).toBe(6_000);
    expect(await ledger.balanceOf(account)).toBe(6_000n);
  });

  it("takes a SETTLE's fees to the fee accounts and a DEPOSIT's from what is credited", async () => {
    const account = await ledger.openInternal();
    await post(posting('DEPOSIT', account, 10_250, { transactionId: 'Transaction:in', platformFee: 250 }));
    expect(await ledger.balanceOf(account)).toBe(10_000n);

    await post(posting('RESERVE', account, 10_000, { transactionId: 'Transaction:out' }));
    await post(
      posting('SETTLE', account, 10_000, {
        transactionId: 'Transaction:out',
        platformFee: 100,
        serviceFee: 40,
      }),
    );

    expect(await ledger.systemBalance('PLATFORM_FEES')).toBe(350n);
    expect(await ledger.systemBalance('SERVICE_FEES')).toBe(40n);
    expect(await ledger.systemBalance('EXTERNAL_SETTLEMENT')).toBe(-10_250n + 9_860n);
  });

  describe('a repeated (transactionId, kind)', () => {
    it('answers the first posting as it was, moving nothing again', async () => {
      const account = await ledger.openInternal();
      const first = applied(await post(posting('DEPOSIT', account, 5_000)));
      await post(posting('DEPOSIT', account, 1_000, { transactionId: 'Transaction:later' }));

      const repeat = await post(posting('DEPOSIT', account, 5_000));

      expect(repeat).toEqual({ created: false, posting: first.posting });
      expect(await ledger.balanceOf(account)).toBe(6_000n);
      expect(await ledger.postings()).toHaveLength(2);
    });

    it('is refused with CONFLICT when its terms differ', async () => {
      const account = await ledger.openInternal();
      await post(posting('DEPOSIT', account, 5_000));
      for (const other of [
        posting('DEPOSIT', account, 5_001),
        posting('DEPOSIT', await ledger.openInternal(), 5_000),
      ]) {
        expect(await post(other)).toMatchObject({ status: 409, code: 'CONFLICT' });
      }
      expect(await ledger.postings()).toHaveLength(1);
    });
  });

  describe('refusals', () => {
    it('refuses a RESERVE beyond the balance with INSUFFICIENT_BALANCE; the whole balance may go', async () => {
      const account = await ledger.openInternal();
      await post(posting('DEPOSIT', account, 100, { transactionId: 'Transaction:in' }));

      expect(await post(posting('RESERVE', account, 101))).toMatchObject({
        status: 422,
        code: 'INSUFFICIENT_BALANCE',
      });
      expect(await ledger.balanceOf(account)).toBe(100n);
      expect(applied(await post(posting('RESERVE', account, 100))).posting.balance).toBe(0);
    });

    it('refuses a balance beyond 2^53 - 1 with AMOUNT_OUT_OF_RANGE', async () => {
      const account = await ledger.openInternal();
      await post(
        posting('DEPOSIT', account, Number(MAX_JSON_AMOUNT) - 10, { transactionId: 'Transaction:in' }),
      );
      expect(await post(posting('DEPOSIT', account, 11))).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
      expect(await ledger.balanceOf(account)).toBe(MAX_JSON_AMOUNT - 10n);
    });

    it('closes a reservation once, and only one of the same terms', async () => {
      const account = await ledger.openInternal();
      await post(posting('DEPOSIT', account, 1_000, { transactionId: 'Transaction:in' }));
      expect(await post(posting('SETTLE', account, 500))).toMatchObject({ code: 'CONFLICT' });

      await post(posting('RESERVE', account, 500));
      expect(await post(posting('SETTLE', account, 400))).toMatchObject({ code: 'CONFLICT' });
      applied(await post(posting('SETTLE', account, 500)));
      expect(await post(posting('RELEASE', account, 500))).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('already closed by SETTLE'),
      });
      expect(await ledger.balanceOf(account)).toBe(500n);
    });

    it('refuses without reading a balance: an unknown account, another currency, fees out of place', async () => {
      const account = await ledger.openInternal();
      const refused = await ledger.service.postAll(caller, [
        posting('DEPOSIT', toApiId('InternalAccount', randomUUID()), 100),
        posting('DEPOSIT', account.replace('InternalAccount', 'ExternalAccount'), 100),
        posting('DEPOSIT', account, 100, { currency: 'EUR' }),
        posting('RESERVE', account, 100, { platformFee: 1 }),
        posting('SETTLE', account, 100, { platformFee: 60, serviceFee: 40 }),
      ]);

      expect(refused.map((result) => 'code' in result && result.code)).toEqual([
        'ACCOUNT_NOT_FOUND',
        'ACCOUNT_NOT_FOUND',
        'INVALID_CURRENCY',
        'INVALID_INPUT',
        'INVALID_INPUT',
      ]);
      expect(ledger.store.lockInternalAccounts).not.toHaveBeenCalled();
      expect(await ledger.postings()).toEqual([]);
    });
  });
});
