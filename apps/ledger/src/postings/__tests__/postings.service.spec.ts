import { randomUUID } from 'node:crypto';
import { toApiId } from '@payments/contracts';
import { MAX_JSON_AMOUNT } from '@ledger/accounts/minor-units';
import { applied, caller, posting, postingsService } from '@ledger/postings/__tests__/postings-kit';
import { CreatePostingDto } from '@ledger/postings/dto/create-posting.dto';

/** Double-entry postings, one at a time (a batch of one). */
describe('PostingsService: postings', () => {
  let ledger: ReturnType<typeof postingsService>;
  const post = async (body: CreatePostingDto) => (await ledger.service.postAll(caller, [body]))[0];

  beforeEach(() => {
    ledger = postingsService();
  });

  afterEach(() => {
    // Whatever a test did, money was only ever moved between accounts.
    expect(ledger.tables.total()).toBe(0n);
    expect(ledger.tables.entrySums().every((sum) => sum === 0n)).toBe(true);
  });

  it('credits a DEPOSIT to the internal account from the external settlement account', async () => {
    const account = ledger.tables.openInternal();

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
    expect(ledger.tables.balanceOf(account)).toBe(5_000n);
    expect(ledger.tables.systemBalance('EXTERNAL_SETTLEMENT')).toBe(-5_000n);
    expect(ledger.tables.postings).toEqual([
      expect.objectContaining({ id: result.posting.postingId, amount: '5000', balance_after: '5000' }),
    ]);
  });

  it('sets a RESERVE aside in transit; SETTLE pays it out and RELEASE gives it back', async () => {
    const account = ledger.tables.openInternal();
    await post(posting('DEPOSIT', account, 10_000, { transactionId: 'Transaction:funds' }));

    const reserved = applied(
      await post(posting('RESERVE', account, 4_000, { transactionId: 'Transaction:paid' })),
    );
    expect(reserved.posting.balance).toBe(6_000);
    expect(ledger.tables.systemBalance('IN_TRANSIT')).toBe(4_000n);

    const settled = applied(
      await post(posting('SETTLE', account, 4_000, { transactionId: 'Transaction:paid' })),
    );
    expect(settled.posting.balance).toBe(6_000);
    expect(ledger.tables.systemBalance('IN_TRANSIT')).toBe(0n);
    expect(ledger.tables.systemBalance('EXTERNAL_SETTLEMENT')).toBe(-6_000n);

    await post(posting('RESERVE', account, 1_000, { transactionId: 'Transaction:failed' }));
    const released = applied(
      await post(posting('RELEASE', account, 1_000, { transactionId: 'Transaction:failed' })),
    );
    expect(released.posting.balance).toBe(6_000);
    expect(ledger.tables.balanceOf(account)).toBe(6_000n);
  });

  it("takes a SETTLE's fees to the fee accounts and a DEPOSIT's from what is credited", async () => {
    const account = ledger.tables.openInternal();
    await post(posting('DEPOSIT', account, 10_250, { transactionId: 'Transaction:in', platformFee: 250 }));
    expect(ledger.tables.balanceOf(account)).toBe(10_000n);

    await post(posting('RESERVE', account, 10_000, { transactionId: 'Transaction:out' }));
    await post(
      posting('SETTLE', account, 10_000, {
        transactionId: 'Transaction:out',
        platformFee: 100,
        serviceFee: 40,
      }),
    );

    expect(ledger.tables.systemBalance('PLATFORM_FEES')).toBe(350n);
    expect(ledger.tables.systemBalance('SERVICE_FEES')).toBe(40n);
    expect(ledger.tables.systemBalance('EXTERNAL_SETTLEMENT')).toBe(-10_250n + 9_860n);
  });

  describe('a repeated (transactionId, kind)', () => {
    it('answers the first posting as it was, moving nothing again', async () => {
      const account = ledger.tables.openInternal();
      const first = applied(await post(posting('DEPOSIT', account, 5_000)));
      await post(posting('DEPOSIT', account, 1_000, { transactionId: 'Transaction:later' }));

      const repeat = await post(posting('DEPOSIT', account, 5_000));

      expect(repeat).toEqual({ created: false, posting: first.posting });
      expect(ledger.tables.balanceOf(account)).toBe(6_000n);
      expect(ledger.tables.postings).toHaveLength(2);
    });

    it('is refused with CONFLICT when its terms differ', async () => {
      const account = ledger.tables.openInternal();
      await post(posting('DEPOSIT', account, 5_000));
      for (const other of [
        posting('DEPOSIT', account, 5_001),
        posting('DEPOSIT', ledger.tables.openInternal(), 5_000),
      ]) {
        expect(await post(other)).toMatchObject({ status: 409, code: 'CONFLICT' });
      }
      expect(ledger.tables.postings).toHaveLength(1);
    });
  });

  describe('refusals', () => {
    it('refuses a RESERVE beyond the balance with INSUFFICIENT_BALANCE; the whole balance may go', async () => {
      const account = ledger.tables.openInternal();
      await post(posting('DEPOSIT', account, 100, { transactionId: 'Transaction:in' }));

      expect(await post(posting('RESERVE', account, 101))).toMatchObject({
        status: 422,
        code: 'INSUFFICIENT_BALANCE',
      });
      expect(ledger.tables.balanceOf(account)).toBe(100n);
      expect(applied(await post(posting('RESERVE', account, 100))).posting.balance).toBe(0);
    });

    it('refuses a balance beyond 2^53 - 1 with AMOUNT_OUT_OF_RANGE', async () => {
      const account = ledger.tables.openInternal();
      await post(
        posting('DEPOSIT', account, Number(MAX_JSON_AMOUNT) - 10, { transactionId: 'Transaction:in' }),
      );
      expect(await post(posting('DEPOSIT', account, 11))).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
      expect(ledger.tables.balanceOf(account)).toBe(MAX_JSON_AMOUNT - 10n);
    });

    it('closes a reservation once, and only one of the same terms', async () => {
      const account = ledger.tables.openInternal();
      await post(posting('DEPOSIT', account, 1_000, { transactionId: 'Transaction:in' }));
      expect(await post(posting('SETTLE', account, 500))).toMatchObject({ code: 'CONFLICT' });

      await post(posting('RESERVE', account, 500));
      expect(await post(posting('SETTLE', account, 400))).toMatchObject({ code: 'CONFLICT' });
      applied(await post(posting('SETTLE', account, 500)));
      expect(await post(posting('RELEASE', account, 500))).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('already closed by SETTLE'),
      });
      expect(ledger.tables.balanceOf(account)).toBe(500n);
    });

    it('refuses without reading a balance: an unknown account, another currency, fees out of place', async () => {
      const account = ledger.tables.openInternal();
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
      expect(ledger.tables.manager.query).not.toHaveBeenCalled();
    });
  });
});
