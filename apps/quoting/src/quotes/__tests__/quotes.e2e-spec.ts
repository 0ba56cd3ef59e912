import {
  ApiClient,
  BENEFICIARY,
  e2eStack,
  eventually,
  newCustomer,
  newPlatformClients,
  platformWithEndpoint,
  PlatformWithEndpoint,
  verifySignature,
  supportedCurrency as currency,
} from '@payments/testing';
import { uuidOf } from '@payments/contracts';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Pool } from 'pg';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..', '..');
/** QUOTE_TTL_SECONDS of the e2e stack (test/e2e/global-setup.mjs). */
const QUOTE_TTL_MS = 10_000;

const CLABE_DETAILS = { accountType: 'CLABE', clabeNumber: '002010077777777771', beneficiary: BENEFICIARY };
describe('quotes, exchange rates and execution', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let platform: PlatformWithEndpoint;
  let sandbox: ApiClient;
  let customerId: string;
  const internal: Record<string, string> = {};
  let clabeAccountId: string;

  const balance = async (code: string) =>
    (await sandbox.get(`/customers/internal-accounts?customerId=${customerId}&currency=${code}`)).body.data[0]
      .balance.amount;

  const quote = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    sandbox.post(
      '/quotes',
      {
        source: { sourceType: 'ACCOUNT', accountId: internal.USD },
        destination: { destinationType: 'ACCOUNT', accountId: clabeAccountId },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 10_000,
        ...body,
      },
      { headers },
    );

  const finished = (quoteId: string) =>
    eventually(async () => {
      const { body } = await sandbox.get(`/quotes/${quoteId}`);
      return ['COMPLETED', 'FAILED'].includes(body.status) ? body : undefined;
    });

  beforeAll(async () => {
    platform = await platformWithEndpoint(api);
    sandbox = platform.sandbox;
    const config = await sandbox.patch('/config', {
      supportedCurrencies: [currency('USD'), currency('EUR'), currency('MXN')],
    });
    expect(config.status).toBe(200);
    ({ customerId, internalAccountId: internal.USD } = await newCustomer(sandbox, 'fx'));
    for (const code of ['EUR', 'MXN']) {
      internal[code] = await eventually(async () => {
        const page = await sandbox.get(
          `/customers/internal-accounts?customerId=${customerId}&currency=${code}`,
        );
        return page.body.data?.[0]?.id as string | undefined;
      });
    }
    const clabe = await sandbox.post('/customers/external-accounts', {
      customerId,
      currency: 'MXN',
      accountInfo: CLABE_DETAILS,
    });
    expect(clabe.status).toBe(201);
    clabeAccountId = clabe.body.id;
    for (const code of ['USD', 'EUR']) {
      const funded = await sandbox.post(`/sandbox/internal-accounts/${internal[code]}/fund`, {
        amount: 1_000_000,
      });
      expect(funded.status).toBe(200);
    }
    await eventually(async () =>
      (await balance('USD')) === 1_000_000 && (await balance('EUR')) === 1_000_000 ? true : undefined,
    );
    // Quotes check the platform's currencies from its events; wait until quoting has them.
    await eventually(async () => ((await quote({})).status === 201 ? true : undefined));
  });

  afterAll(() => platform.receiver.stop());

  it('lists exchange rates with the service fee and, once a rule exists, the platform fee', async () => {
    const before = await sandbox.get(
      '/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN&destinationCurrency=EUR',
    );
    expect(before.status).toBe(200);
    expect(before.body.data).toHaveLength(2);
    expect(before.body.data[0]).toMatchObject({
      sourceCurrency: { code: 'USD', decimals: 2 },
      destinationCurrency: { code: 'MXN' },
      destinationPaymentRail: 'SPEI',
      sendingAmount: 10_000,
      // The service's 10 cents and 0.3%.
      fees: { fixed: 10, total: 40 },
      minSendingAmount: 100,
      maxSendingAmount: 10_000_000_000,
    });
    expect(before.body.data[0].exchangeRate).toBeGreaterThan(0);

    const rule = await sandbox.post('/fee-rules', {
      transactionType: 'CROSS_BORDER_PAYOUT',
      feeType: 'HYBRID',
      fixedFee: 50,
      variableFeeRate: 0.005,
    });
    expect(rule.status).toBe(201);
    const after = await sandbox.get('/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN');
    expect(after.body.data[0].fees).toEqual({ fixed: 60, total: 140 });

    expect((await sandbox.get('/exchange-rates?sourceCurrency=ABC')).status).toBe(400);
  });

  it('prices a locked sending amount exactly, with fees that match rateDetails', async () => {
    const response = await quote({ description: 'rent' });
    expect(response.status).toBe(201);
    const body = response.body;
    expect(body).toMatchObject({
      quoteId: expect.stringMatching(/^Quote:[0-9a-f-]{36}$/),
      status: 'PENDING',
      source: { sourceType: 'ACCOUNT', accountId: internal.USD, customerId, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: clabeAccountId, currency: 'MXN' },
      sendingCurrency: { code: 'USD' },
      receivingCurrency: { code: 'MXN' },
      totalSendingAmount: 10_000,
      feesIncluded: 140,
      description: 'rent',
      rateDetails: {
        counterpartyMultiplier: 1,
        counterpartyFixedFee: 0,
        serviceApiFixedFee: 10,
        serviceApiVariableFeeRate: 0.003,
        serviceApiVariableFeeAmount: 30,
        platformFixedFee: 50,
        platformVariableFeeRate: 0.005,
        platformVariableFeeAmount: 50,
      },
    });
    expect(body).not.toHaveProperty('transactionId');
    // The derived side is rounded down: never more than what is left after fees buys.
    const { serviceApiMultiplier } = body.rateDetails;
    expect(body.totalReceivingAmount).toBe(Math.floor(9_860 * serviceApiMultiplier));
    expect(body.exchangeRate).toBeCloseTo(1 / serviceApiMultiplier, 8);
    expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBe(QUOTE_TTL_MS);
  });

  it('executes: PROCESSING with its transaction, then COMPLETED with a signed OUTGOING_PAYMENT webhook and fees in the ledger', async () => {
    const created = (await quote({})).body;
    const before = await balance('USD');
    const executed = await sandbox.post(
      `/quotes/${created.quoteId}/execute`,
      {},
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(executed.status).toBe(200);
    expect(executed.body).toMatchObject({
      status: 'PROCESSING',
      transactionId: expect.stringMatching(/^Transaction:/),
    });
    expect(await balance('USD')).toBe(before - 10_000);

    const done = await finished(created.quoteId);
    expect(done.status).toBe('COMPLETED');
    const webhook = await platform.receiver.waitFor(
      (body) =>
        body?.type === 'OUTGOING_PAYMENT' &&
        body.transaction?.id === executed.body.transactionId &&
        body.transaction.status === 'COMPLETED',
    );
    expect(verifySignature(webhook.rawBody, webhook.headers['x-grid-signature'], platform.publicKeyPem)).toBe(
      true,
    );
    expect(webhook.body.transaction).toMatchObject({
      quoteId: created.quoteId,
      sentAmount: { amount: 10_000, currency: { code: 'USD' } },
      receivedAmount: { amount: created.totalReceivingAmount, currency: { code: 'MXN' } },
      exchangeRate: created.exchangeRate,
      rateDetails: {
        platformFixedFee: 50,
        platformVariableFeeAmount: 50,
        serviceApiFixedFee: 10,
        serviceApiVariableFeeAmount: 30,
      },
    });
    expect(webhook.body.transaction.rateDetails).not.toHaveProperty('counterpartyMultiplier');

    // The SETTLE split the amount: 100 to the platform's fee account, 40 to the service's, the rest out.
    const ledger = new Pool({
      connectionString: stack.databaseUrl,
      max: 1,
      options: '-c search_path=ledger',
    });
    try {
      const { rows } = await ledger.query(
        `SELECT a.kind, e.amount FROM entries e JOIN postings p ON p.id = e.posting_id JOIN accounts a ON a.id = e.account_id
          WHERE p.transaction_id = $1 AND p.kind = 'SETTLE' ORDER BY a.kind`,
        [executed.body.transactionId],
      );
      expect(rows.map((row) => [row.kind, Number(row.amount)])).toEqual([
        ['EXTERNAL_SETTLEMENT', 9_860],
        ['IN_TRANSIT', -10_000],
        ['PLATFORM_FEES', 100],
        ['SERVICE_FEES', 40],
      ]);
    } finally {
      await ledger.end();
    }
  });

  it('executes once: a repeat is 409 QUOTE_NOT_PENDING, the same Idempotency-Key replays', async () => {
    const created = (await quote({})).body;
    const key = randomUUID();
    const first = await sandbox.post(
      `/quotes/${created.quoteId}/execute`,
      {},
      { headers: { 'Idempotency-Key': key } },
    );
    const replay = await sandbox.post(
      `/quotes/${created.quoteId}/execute`,
      {},
      { headers: { 'Idempotency-Key': key } },
    );
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const again = await sandbox.post(`/quotes/${created.quoteId}/execute`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('QUOTE_NOT_PENDING');
    expect(again.body.details.transactionId).toBe(first.body.transactionId);
    expect(again.body.message).toContain(`was already executed and is ${again.body.details.status}: `);
    expect(again.body.message).toContain(`follow its transaction ${first.body.transactionId}`);
  });

  it('locks the receiving side and finds the smallest sending amount for it', async () => {
    const response = await quote({ lockedCurrencySide: 'RECEIVING', lockedCurrencyAmount: 500_000 });
    expect(response.status).toBe(201);
    const { totalSendingAmount, totalReceivingAmount, feesIncluded, rateDetails } = response.body;
    expect(totalReceivingAmount).toBe(500_000);
    expect((totalSendingAmount - feesIncluded) * rateDetails.serviceApiMultiplier).toBeGreaterThanOrEqual(
      500_000 - 1e-6,
    );
  });

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

  it('creates the destination from externalAccountDetails', async () => {
    const response = await quote({
      destination: {
        destinationType: 'EXTERNAL_ACCOUNT_DETAILS',
        externalAccountDetails: { currency: 'MXN', accountInfo: CLABE_DETAILS },
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.destination.accountId).toMatch(/^ExternalAccount:/);
    expect(response.body.destination.accountId).not.toBe(clabeAccountId);

    const bad = await quote({
      destination: {
        externalAccountDetails: {
          currency: 'MXN',
          accountInfo: { ...CLABE_DETAILS, clabeNumber: '002010077777777770' },
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toMatch(/^destination\.externalAccountDetails\./);
  });

  it('refuses bad requests with 400 and clear codes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ lockedCurrencySide: 'BOTH' }, 'INVALID_INPUT'],
      [{ lockedCurrencyAmount: 9_000_000_000_000_001 }, 'INVALID_INPUT'],
      [{ lockedCurrencyAmount: 1.5 }, 'INVALID_INPUT'],
      [{ unknownField: true }, 'INVALID_INPUT'],
      [{ destination: { destinationType: 'UMA_ADDRESS', umaAddress: 'a@b.c' } }, 'INVALID_UMA_ADDRESS'],
      [{ destination: { destinationType: 'UMA_ADDRESS' } }, 'INVALID_INPUT'],
      [{ lockedCurrencyAmount: 50 }, 'AMOUNT_OUT_OF_RANGE'],
      [{ lockedCurrencyAmount: 20_000_000_000 }, 'AMOUNT_OUT_OF_RANGE'],
    ];
    for (const [body, code] of cases) {
      const response = await quote(body);
      expect({ body, status: response.status, code: response.body.code }).toEqual({
        body,
        status: 400,
        code,
      });
    }
    const usd = await sandbox.post('/customers/external-accounts', {
      customerId,
      currency: 'USD',
      accountInfo: {
        accountType: 'US_ACCOUNT',
        accountNumber: '123456789',
        routingNumber: '021000021',
        accountCategory: 'CHECKING',
        bankName: 'Chase',
        beneficiary: BENEFICIARY,
      },
    });
    const sameCurrency = await quote({ destination: { accountId: usd.body.id } });
    expect(sameCurrency.status).toBe(400);
    expect(sameCurrency.body.message).toContain('transfer-out');
  });

  it('lists with every filter and cursor pages; other platforms and environments see nothing', async () => {
    const first = await sandbox.get(`/quotes?customerId=${customerId}&limit=1`);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.hasMore).toBe(true);
    const second = await sandbox.get(
      `/quotes?customerId=${customerId}&limit=1&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.data[0].quoteId).not.toBe(first.body.data[0].quoteId);

    const completed = await sandbox.get(
      `/quotes?status=COMPLETED&sendingAccountId=${internal.USD}&receivingAccountId=${clabeAccountId}`,
    );
    expect(completed.body.data.length).toBeGreaterThan(0);
    expect(completed.body.data.every((item: any) => item.status === 'COMPLETED')).toBe(true);
    const createdAt = first.body.data[0].createdAt;
    const bounded = await sandbox.get(`/quotes?createdAfter=${createdAt}&createdBefore=${createdAt}`);
    expect(bounded.body.data.map((item: any) => item.quoteId)).toContain(first.body.data[0].quoteId);
    expect((await sandbox.get('/quotes?status=NOPE')).status).toBe(400);
    expect((await sandbox.get('/quotes?cursor=%%%')).status).toBe(400);

    const other = newPlatformClients(api).sandbox;
    expect((await other.get(`/quotes/${first.body.data[0].quoteId}`)).body.code).toBe('QUOTE_NOT_FOUND');
    expect((await platform.production.get(`/quotes/${first.body.data[0].quoteId}`)).status).toBe(404);
    expect((await platform.production.get('/quotes')).body.totalCount).toBe(0);
  });

  it('expires on its own, and executing after expiresAt is 409 QUOTE_EXPIRED', async () => {
    const created = (await quote({})).body;
    await new Promise((resolve) => setTimeout(resolve, QUOTE_TTL_MS + 500));
    const expired = await eventually(async () => {
      const { body } = await sandbox.get(`/quotes/${created.quoteId}`);
      return body.status === 'EXPIRED' ? body : undefined;
    });
    expect(expired.status).toBe('EXPIRED');
    const executed = await sandbox.post(`/quotes/${created.quoteId}/execute`, {});
    expect(executed.status).toBe(409);
    expect(executed.body).toMatchObject({
      code: 'QUOTE_EXPIRED',
      message: `Quote ${created.quoteId} expired at ${created.expiresAt}; create a new quote (POST /quotes) and execute that one`,
      details: { quoteId: created.quoteId, expiresAt: created.expiresAt },
    });
  });

  it('leaves a balanced ledger', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(REPO_ROOT, 'scripts', 'ledger-check.mjs')],
      {
        env: { ...process.env, DATABASE_URL: stack.databaseUrl },
      },
    );
    expect(stdout).toContain('passed');
  });
});
