import { ApiClient, BENEFICIARY, eventually, PlatformWithEndpoint } from '@payments/testing';
import { uuidOf } from '@payments/contracts';
import { Pool } from 'pg';
import { quotesE2e } from '@quoting/quotes/__tests__/quotes-e2e-kit';

describe('quotes: funding sources, failures and recovery', () => {
  const quotes = quotesE2e();
  const { stack, internal, balance, quote, finished } = quotes;
  let platform: PlatformWithEndpoint, sandbox: ApiClient, customerId: string, clabeAccountId: string;
  beforeAll(() => void ({ platform, sandbox, customerId, clabeAccountId } = quotes));

  it('executes at creation with immediatelyExecute, and refuses what the balance cannot pay (the quote stays PENDING)', async () => {
    const immediate = await quote({ immediatelyExecute: true });
    expect(immediate.status).toBe(201);
    expect(immediate.body).toMatchObject({ status: 'PROCESSING', transactionId: expect.any(String) });

    const tooBig = await quote({ lockedCurrencyAmount: 50_000_000 });
    expect(tooBig.status).toBe(201);
    const refused = await sandbox.post(`/quotes/${tooBig.body.quoteId}/execute`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('INSUFFICIENT_BALANCE');
    expect((await sandbox.get(`/quotes/${tooBig.body.quoteId}`)).body.status).toBe('PENDING');
  });

  it('makes the transaction of an execution whose request died, and hands back one the balance cannot pay', async () => {
    // As a request that claimed its quote and died before transfers answered leaves it.
    const quoting = new Pool({
      connectionString: stack.databaseUrl,
      max: 1,
      options: '-c search_path=quoting',
    });
    const abandon = (quoteId: string) =>
      quoting.query(
        `UPDATE quotes SET status = 'PROCESSING', executed_at = now() - interval '1 minute' WHERE id = $1`,
        [uuidOf('Quote', quoteId)],
      );
    try {
      const before = await balance('USD');
      const payable = (await quote({})).body;
      const unpayable = (await quote({ lockedCurrencyAmount: 50_000_000 })).body;
      await abandon(payable.quoteId);
      await abandon(unpayable.quoteId);

      const completed = await finished(payable.quoteId);
      expect(completed.status).toBe('COMPLETED');
      expect(completed.transactionId).toEqual(expect.any(String));
      expect((await sandbox.get(`/transactions/${completed.transactionId}`)).body.quoteId).toBe(
        payable.quoteId,
      );
      await eventually(async () =>
        (await balance('USD')) === before - payable.totalSendingAmount ? true : undefined,
      );
      const handedBack = await eventually(async () => {
        const { body } = await sandbox.get(`/quotes/${unpayable.quoteId}`);
        return body.status === 'PROCESSING' ? undefined : body;
      });
      expect(['PENDING', 'EXPIRED']).toContain(handedBack.status);
    } finally {
      await quoting.end();
    }
  });

  it('fails the quote with its transaction and gives the reserve back', async () => {
    const usAccount = await sandbox.post('/customers/external-accounts', {
      customerId,
      currency: 'USD',
      accountInfo: {
        accountType: 'US_ACCOUNT',
        accountNumber: '123456003',
        routingNumber: '021000021',
        accountCategory: 'CHECKING',
        bankName: 'Chase',
        beneficiary: BENEFICIARY,
      },
    });
    const before = await balance('EUR');
    const created = await quote({
      source: { sourceType: 'ACCOUNT', accountId: internal.EUR },
      destination: { destinationType: 'ACCOUNT', accountId: usAccount.body.id },
      immediatelyExecute: true,
    });
    expect(created.status).toBe(201);
    expect((await finished(created.body.quoteId)).status).toBe('FAILED');
    await eventually(async () => ((await balance('EUR')) === before ? true : undefined));
  });

  it('pulls from an external account with ACH pull, passing the money through the customer account', async () => {
    const pullAccount = async (ending: string) =>
      (
        await sandbox.post('/customers/external-accounts', {
          customerId,
          currency: 'USD',
          accountInfo: {
            accountType: 'US_ACCOUNT',
            accountNumber: `98765${ending}`,
            routingNumber: '021000021',
            accountCategory: 'CHECKING',
            bankName: 'Chase',
            beneficiary: BENEFICIARY,
          },
        })
      ).body.id as string;
    const before = await balance('USD');
    const settles = await quote({
      source: { sourceType: 'ACCOUNT', accountId: await pullAccount('0001') },
      immediatelyExecute: true,
    });
    expect(settles.status).toBe(201);
    expect(settles.body).toMatchObject({ status: 'PROCESSING', source: { customerId, currency: 'USD' } });
    // Nothing is held from the balance: the money comes from the pull.
    expect(await balance('USD')).toBe(before);
    expect((await finished(settles.body.quoteId)).status).toBe('COMPLETED');
    const transaction = (
      await sandbox.get(
        `/transactions/${(await sandbox.get(`/quotes/${settles.body.quoteId}`)).body.transactionId}`,
      )
    ).body;
    expect(transaction).toMatchObject({
      status: 'COMPLETED',
      source: { sourceType: 'ACCOUNT', currency: 'USD' },
      quoteId: settles.body.quoteId,
    });

    const noFunds = await quote({
      source: { accountId: await pullAccount('0002') },
      immediatelyExecute: true,
    });
    const failed = await finished(noFunds.body.quoteId);
    expect(failed.status).toBe('FAILED');
    expect(await balance('USD')).toBe(before);

    const noPull = await quote({
      source: { accountId: clabeAccountId },
      destination: { accountId: await pullAccount('0003') },
    });
    expect(noPull.status).toBe(422);
    expect(noPull.body.code).toBe('TRANSFER_IN_NOT_SUPPORTED');
  });

  it('funds a REALTIME_FUNDING quote just in time through /sandbox/send', async () => {
    const before = await balance('USD');
    const created = await quote({ source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId } });
    expect(created.status).toBe(201);
    expect(created.body.paymentInstructions).toEqual([
      expect.objectContaining({
        accountType: 'US_ACCOUNT',
        routingNumber: '021000021',
        referenceCode: expect.stringMatching(/^QT-/),
      }),
    ]);
    expect((await sandbox.post(`/quotes/${created.body.quoteId}/execute`, {})).status).toBe(409);
    expect(
      (
        await sandbox.post('/sandbox/send', {
          quoteId: created.body.quoteId,
          currencyCode: 'USD',
          currencyAmount: 9_999,
        })
      ).body.code,
    ).toBe('INVALID_AMOUNT');
    expect(
      (await sandbox.post('/sandbox/send', { reference: 'QT-NOPE', currencyCode: 'USD', currencyAmount: 1 }))
        .body.code,
    ).toBe('REFERENCE_NOT_FOUND');
    expect(
      (
        await platform.production.post('/sandbox/send', {
          quoteId: created.body.quoteId,
          currencyCode: 'USD',
        })
      ).status,
    ).toBe(403);

    const sent = await sandbox.post('/sandbox/send', { quoteId: created.body.quoteId, currencyCode: 'USD' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      type: 'OUTGOING',
      source: { sourceType: 'REALTIME_FUNDING' },
      quoteId: created.body.quoteId,
    });
    expect((await finished(created.body.quoteId)).status).toBe('COMPLETED');
    // The money came in and went out: the balance is where it was.
    expect(await balance('USD')).toBe(before);
  });
});
