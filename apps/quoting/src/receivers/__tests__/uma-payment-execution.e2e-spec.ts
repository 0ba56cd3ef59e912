import { ApiClient, eventually, PlatformWithEndpoint, runLedgerCheck } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { SANDBOX, umaPaymentsE2e } from '@quoting/receivers/__tests__/uma-payments-kit';

describe('payments to UMA addresses', () => {
  const uma = umaPaymentsE2e();
  const { stack, balance, lookup, umaQuote } = uma;
  let platform: PlatformWithEndpoint, sandbox: ApiClient, usdAccount: string;
  beforeAll(() => void ({ platform, sandbox, usdAccount } = uma));

  /** A lookup then a quote to `address`, executed; answers the quote and its execution. */
  const pay = async (
    address: string,
    receivingCurrency: string,
    counterpartyInformation?: Record<string, string>,
  ) => {
    const found = await lookup(address);
    expect(found.status).toBe(200);
    const created = await umaQuote({
      lookupId: found.body.lookupId,
      destination: {
        destinationType: 'UMA_ADDRESS',
        umaAddress: address,
        currency: receivingCurrency,
        counterpartyInformation,
      },
    });
    expect(created.status).toBe(201);
    const executed = await sandbox.post(
      `/quotes/${created.body.quoteId}/execute`,
      {},
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(executed.status).toBe(200);
    expect(executed.body).toMatchObject({
      status: 'PROCESSING',
      transactionId: expect.stringMatching(/^Transaction:/),
    });
    return { quote: created.body, transactionId: executed.body.transactionId as string };
  };
  /** The entries of a transaction's postings in the ledger: [posting kind, account kind, amount]. */
  const ledgerEntries = async (transactionId: string) => {
    const ledger = new Pool({
      connectionString: stack.databaseUrl,
      max: 1,
      options: '-c search_path=ledger',
    });
    try {
      const { rows } = await ledger.query(
        `SELECT p.kind AS posting, a.kind AS account, e.amount FROM entries e
           JOIN postings p ON p.id = e.posting_id JOIN accounts a ON a.id = e.account_id
          WHERE p.transaction_id = $1 ORDER BY p.kind, e.amount`,
        [transactionId],
      );
      return rows.map((row) => [row.posting, row.account, Number(row.amount)]);
    } finally {
      await ledger.end();
    }
  };
  const finalWebhook = (transactionId: string) =>
    platform.receiver.waitFor(
      (body) =>
        body?.type === 'OUTGOING_PAYMENT' &&
        body.transaction?.id === transactionId &&
        ['COMPLETED', 'FAILED'].includes(body.transaction.status),
    );

  describe('executing a quote to a UMA address', () => {
    it('pays $success.<currency> through its pay request: COMPLETED, with the OUTGOING_PAYMENT webhook and the money out', async () => {
      const before = await balance();
      const address = `$success.eur@${SANDBOX}`;
      const { quote, transactionId } = await pay(address, 'EUR', { FULL_NAME: 'Grace Hopper' });
      expect(quote.destination.counterpartyInformation).toEqual({ FULL_NAME: 'Grace Hopper' });
      expect(await balance()).toBe(before - 10_000);

      const webhook = await finalWebhook(transactionId);
      expect(webhook.body.transaction).toMatchObject({
        status: 'COMPLETED',
        type: 'OUTGOING',
        quoteId: quote.quoteId,
        source: { sourceType: 'ACCOUNT', accountId: usdAccount, currency: 'USD' },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: address, currency: 'EUR' },
        counterpartyInformation: { FULL_NAME: 'Grace Hopper' },
        sentAmount: { amount: 10_000, currency: { code: 'USD' } },
        receivedAmount: { amount: quote.totalReceivingAmount, currency: { code: 'EUR' } },
      });
      expect(webhook.body.transaction.destination).not.toHaveProperty('accountId');
      const done = await eventually(async () => {
        const { body } = await sandbox.get(`/quotes/${quote.quoteId}`);
        return body.status === 'COMPLETED' ? body : undefined;
      });
      expect(done.transactionId).toBe(transactionId);
      const transaction = await sandbox.get(`/transactions/${transactionId}`);
      expect(transaction.body).toMatchObject({ status: 'COMPLETED', destination: { umaAddress: address } });
      expect(await balance()).toBe(before - 10_000);
      // The service's fee stays; the rest leaves for the receiver.
      expect(await ledgerEntries(transactionId)).toEqual([
        ['RESERVE', 'INTERNAL', -10_000],
        ['RESERVE', 'IN_TRANSIT', 10_000],
        ['SETTLE', 'IN_TRANSIT', -10_000],
        ['SETTLE', 'SERVICE_FEES', quote.feesIncluded],
        ['SETTLE', 'EXTERNAL_SETTLEMENT', 10_000 - quote.feesIncluded],
      ]);
    });

    it('fails the payment to $fail.payreq with PAY_REQUEST_FAILED and gives the reserve back', async () => {
      const before = await balance();
      const { quote, transactionId } = await pay(`$fail.payreq@${SANDBOX}`, 'EUR');
      expect(await balance()).toBe(before - 10_000);

      const webhook = await finalWebhook(transactionId);
      expect(webhook.body.transaction).toMatchObject({
        status: 'FAILED',
        failureReason: 'PAY_REQUEST_FAILED',
        failureDetail: expect.stringContaining('refused the pay request'),
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: `$fail.payreq@${SANDBOX}` },
      });
      const failed = await eventually(async () => {
        const { body } = await sandbox.get(`/quotes/${quote.quoteId}`);
        return body.status === 'FAILED' ? body : undefined;
      });
      expect(failed.status).toBe('FAILED');
      expect(await balance()).toBe(before);
      expect(await ledgerEntries(transactionId)).toEqual([
        ['RELEASE', 'IN_TRANSIT', -10_000],
        ['RELEASE', 'INTERNAL', 10_000],
        ['RESERVE', 'INTERNAL', -10_000],
        ['RESERVE', 'IN_TRANSIT', 10_000],
      ]);
    });

    it('leaves a balanced ledger', async () => {
      const stdout = await runLedgerCheck(stack.databaseUrl);
      expect(stdout).toContain('passed');
    });
  });
});
