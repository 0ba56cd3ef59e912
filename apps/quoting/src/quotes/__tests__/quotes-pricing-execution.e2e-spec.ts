import {
  ApiClient,
  newPlatformClients,
  PlatformWithEndpoint,
  verifySignature,
  runLedgerCheck,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { QUOTE_TTL_MS, quotesE2e } from '@quoting/quotes/__tests__/quotes-e2e-kit';

// In file order: the platform fee rule the first test makes is in the prices and fees of the later
// ones, and the listing needs their executed quotes.
describe('quotes: exchange rates, pricing and execution', () => {
  const quotes = quotesE2e();
  const { stack, api, internal, balance, quote, finished } = quotes;
  let platform: PlatformWithEndpoint, sandbox: ApiClient, customerId: string, clabeAccountId: string;
  beforeAll(() => void ({ platform, sandbox, customerId, clabeAccountId } = quotes));

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

  it('leaves a balanced ledger', async () => {
    const stdout = await runLedgerCheck(stack.databaseUrl);
    expect(stdout).toContain('passed');
  });
});
