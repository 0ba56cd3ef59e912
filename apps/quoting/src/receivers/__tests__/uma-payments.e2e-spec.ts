import {
  ApiClient,
  e2eStack,
  eventually,
  newCustomer,
  newPlatformClients,
  platformWithEndpoint,
  PlatformWithEndpoint,
  supportedCurrency as currency,
} from '@payments/testing';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Pool } from 'pg';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..', '..');
/** SANDBOX_UMA_DOMAIN's default, which the e2e stack keeps. */
const SANDBOX = 'sandbox.grid.uma.money';
/** QUOTE_TTL_SECONDS of the e2e stack (test/e2e/global-setup.mjs), which lookups live as long as. */
const QUOTE_TTL_MS = 10_000;
const SENDER_INFO = { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1985-12-10' };
describe('receiver lookups, UMA providers and quotes to UMA addresses', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let platform: PlatformWithEndpoint;
  let sandbox: ApiClient;
  let customerId: string;
  let usdAccount: string;

  const balance = async () =>
    (await sandbox.get(`/customers/internal-accounts?customerId=${customerId}&currency=USD`)).body.data[0]
      .balance.amount as number;
  const lookup = (address: string, client = sandbox) =>
    client.get(`/receiver/uma/${encodeURIComponent(address)}?customerId=${customerId}`);
  const umaQuote = (body: Record<string, unknown>, client = sandbox) =>
    client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: usdAccount },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000,
      senderCustomerInfo: SENDER_INFO,
      ...body,
    });
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

  beforeAll(async () => {
    platform = await platformWithEndpoint(api);
    sandbox = platform.sandbox;
    expect(
      (await sandbox.patch('/config', { supportedCurrencies: [currency('USD'), currency('EUR')] })).status,
    ).toBe(200);
    ({ customerId, internalAccountId: usdAccount } = await newCustomer(sandbox, 'uma'));
    expect(
      (await sandbox.post(`/sandbox/internal-accounts/${usdAccount}/fund`, { amount: 1_000_000 })).status,
    ).toBe(200);
    await eventually(async () => ((await balance()) === 1_000_000 ? true : undefined));
  });

  afterAll(() => platform.receiver.stop());

  describe('GET /receiver/uma/{address}', () => {
    it('$success.<currency> receives that currency, with an estimated rate and the payer data it needs', async () => {
      const response = await lookup(`$success.eur@${SANDBOX}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        receiverUmaAddress: `$success.eur@${SANDBOX}`,
        lookupId: expect.stringMatching(/^Lookup:[0-9a-f-]{36}$/),
        sendingCurrency: expect.objectContaining({ code: 'USD' }),
        supportedCurrencies: [
          {
            currency: { code: 'EUR', name: expect.any(String), symbol: '€', decimals: 2 },
            estimatedExchangeRate: expect.any(Number),
            min: 1,
            max: 1_000_000_000_000,
          },
        ],
        requiredPayerDataFields: [
          { name: 'FULL_NAME', mandatory: true },
          { name: 'BIRTH_DATE', mandatory: true },
          { name: 'NATIONALITY', mandatory: false },
        ],
      });
      expect(response.body.supportedCurrencies[0].estimatedExchangeRate).toBeGreaterThan(0);
    });

    it('$fail.lnurlp and unknown domains fail with 424 LNURLP_REQUEST_FAILED; a malformed address is 400', async () => {
      for (const address of [`$fail.lnurlp@${SANDBOX}`, '$bob@elsewhere.example']) {
        const response = await lookup(address);
        expect(response.status).toBe(424);
        expect(response.body.code).toBe('LNURLP_REQUEST_FAILED');
      }
      const malformed = await lookup('bob-at-nowhere');
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('INVALID_UMA_ADDRESS');
    });

    it('$fail.payreq is found; a lookup needs a sender, and the sandbox receivers serve sandbox credentials only', async () => {
      expect((await lookup(`$fail.payreq@${SANDBOX}`)).status).toBe(200);
      const anonymous = await sandbox.get(`/receiver/uma/${encodeURIComponent(`$success.eur@${SANDBOX}`)}`);
      expect(anonymous.status).toBe(400);
      expect(anonymous.body.code).toBe('INVALID_INPUT');
      const production = await platform.production.get(
        `/receiver/uma/${encodeURIComponent(`$success.eur@${SANDBOX}`)}?senderUmaAddress=${encodeURIComponent('$ada@acme.example')}`,
      );
      expect(production.status).toBe(424);
    });

    it('looks up an external account of the platform; another platform’s is 404', async () => {
      const account = await sandbox.post('/customers/external-accounts', {
        customerId,
        currency: 'EUR',
        accountInfo: {
          accountType: 'IBAN',
          iban: 'DE89370400440532013000',
          swiftBic: 'COBADEFFXXX',
          beneficiary: {
            beneficiaryType: 'INDIVIDUAL',
            fullName: 'Ada Lovelace',
            birthDate: '1985-12-10',
            nationality: 'GB',
            address: { line1: '1 Main St', city: 'Berlin', state: 'BE', postalCode: '10115', country: 'DE' },
          },
        },
      });
      expect(account.status).toBe(201);
      const found = await sandbox.get(
        `/receiver/external-account/${account.body.id}?customerId=${customerId}`,
      );
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({
        accountId: account.body.id,
        lookupId: expect.stringMatching(/^Lookup:/),
        supportedCurrencies: [{ currency: { code: 'EUR' }, min: 100, max: 10_000_000_000 }],
        requiredPayerDataFields: [],
      });
      const other = newPlatformClients(api).sandbox;
      const hidden = await other.get(
        `/receiver/external-account/${account.body.id}?senderUmaAddress=${encodeURIComponent('$x@y.example')}`,
      );
      expect(hidden.status).toBe(404);
    });
  });

  describe('GET /uma-providers', () => {
    it('lists the sandbox provider with its currencies, filtered and paginated like every list', async () => {
      const all = await sandbox.get('/uma-providers');
      expect(all.status).toBe(200);
      expect(all.body).toEqual({
        data: [
          expect.objectContaining({
            name: 'Grid Sandbox',
            domain: SANDBOX,
            allowListStatus: true,
            supportedRegions: expect.arrayContaining(['MX', 'US']),
          }),
        ],
        hasMore: false,
        totalCount: 1,
      });
      expect(all.body.data[0].supportedCurrencies).toEqual(
        expect.arrayContaining([
          { code: 'MXN', name: expect.any(String), symbol: expect.any(String), decimals: 2 },
        ]),
      );
      const mx = await sandbox.get(
        '/uma-providers?countryCode=MX&currencyCode=MXN&hasBlockedProviders=false&sortOrder=asc&limit=1',
      );
      expect(mx.body).toMatchObject({ data: [{ domain: SANDBOX }], hasMore: false, totalCount: 1 });
      expect((await sandbox.get('/uma-providers?currencyCode=XYZ')).body).toEqual({
        data: [],
        hasMore: false,
        totalCount: 0,
      });
      for (const bad of ['limit=0', 'cursor=nonsense', 'countryCode=mexico', 'hasBlockedProviders=maybe']) {
        const response = await sandbox.get(`/uma-providers?${bad}`);
        expect(response.status).toBe(400);
      }
    });
  });

  describe('POST /quotes to a UMA address', () => {
    it('needs a lookupId of the caller, and every mandatory payer data field', async () => {
      const destination = { destinationType: 'UMA_ADDRESS', umaAddress: `$success.eur@${SANDBOX}` };
      const noLookup = await umaQuote({ destination });
      expect(noLookup.status).toBe(404);
      expect(noLookup.body.code).toBe('LOOKUP_REQUEST_NOT_FOUND');

      const found = await lookup(`$success.eur@${SANDBOX}`);
      const missing = await umaQuote({
        destination,
        lookupId: found.body.lookupId,
        senderCustomerInfo: { NATIONALITY: 'GB' },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('MISSING_MANDATORY_USER_INFO');
      expect(missing.body.details.missingFields).toEqual(['FULL_NAME', 'BIRTH_DATE']);

      const other = newPlatformClients(api).sandbox;
      const theirs = await other.get(
        `/receiver/uma/${encodeURIComponent(`$success.eur@${SANDBOX}`)}?senderUmaAddress=${encodeURIComponent('$x@y.example')}`,
      );
      expect(theirs.status).toBe(200);
      const stolen = await umaQuote({ destination, lookupId: theirs.body.lookupId });
      expect(stolen.status).toBe(404);
      expect(stolen.body.code).toBe('LOOKUP_REQUEST_NOT_FOUND');

      const wrongReceiver = await umaQuote({
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: `$success.gbp@${SANDBOX}` },
        lookupId: found.body.lookupId,
      });
      expect(wrongReceiver.status).toBe(400);
      const wrongCurrency = await umaQuote({
        destination: { ...destination, currency: 'MXN' },
        lookupId: found.body.lookupId,
      });
      expect(wrongCurrency.status).toBe(400);
      expect(wrongCurrency.body.code).toBe('INVALID_CURRENCY');
    });

    it('refuses a lookup past the quote lifetime with 404 LOOKUP_REQUEST_NOT_FOUND', async () => {
      const address = `$success.eur@${SANDBOX}`;
      const found = await lookup(address);
      await new Promise((resolve) => setTimeout(resolve, QUOTE_TTL_MS + 500));
      const expired = await umaQuote({
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: address },
        lookupId: found.body.lookupId,
      });
      expect(expired.status).toBe(404);
      expect(expired.body.code).toBe('LOOKUP_REQUEST_NOT_FOUND');
    });

    it('prices with the lookup’s currency and shows the UMA destination; the list filters by receivingUmaAddress', async () => {
      const address = `$success.eur@${SANDBOX}`;
      const found = await lookup(address);
      const created = await umaQuote({
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: address },
        lookupId: found.body.lookupId,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: 'PENDING',
        source: { sourceType: 'ACCOUNT', accountId: usdAccount, currency: 'USD' },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: address, currency: 'EUR' },
        sendingCurrency: { code: 'USD' },
        receivingCurrency: { code: 'EUR' },
        totalSendingAmount: 10_000,
      });
      const listed = await sandbox.get(
        `/quotes?receivingUmaAddress=${encodeURIComponent(address.toUpperCase())}`,
      );
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((quote: { quoteId: string }) => quote.quoteId)).toContain(
        created.body.quoteId,
      );
      expect(
        listed.body.data.every(
          (quote: { destination: { umaAddress?: string } }) => quote.destination.umaAddress === address,
        ),
      ).toBe(true);
    });
  });
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
});
