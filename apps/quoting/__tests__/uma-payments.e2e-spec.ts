import {
  ApiClient,
  e2eStack,
  eventually,
  newPlatformClients,
  platformWithEndpoint,
  PlatformWithEndpoint,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';

/** SANDBOX_UMA_DOMAIN's default, which the e2e stack keeps. */
const SANDBOX = 'sandbox.grid.uma.money';
const SENDER_INFO = { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1985-12-10' };
const currency = (currencyCode: string) => ({
  currencyCode,
  minAmount: 100,
  maxAmount: 10_000_000_000,
  requiredCounterpartyFields: [],
});

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
  beforeAll(async () => {
    platform = await platformWithEndpoint(api);
    sandbox = platform.sandbox;
    expect(
      (await sandbox.patch('/config', { supportedCurrencies: [currency('USD'), currency('EUR')] })).status,
    ).toBe(200);
    const created = await sandbox.post('/customers', {
      platformCustomerId: `uma-${randomUUID().slice(0, 8)}`,
      customerType: 'INDIVIDUAL',
      fullName: 'Ada Lovelace',
      birthDate: '1985-12-10',
      nationality: 'GB',
      address: { line1: '1 Main St', city: 'London', postalCode: 'N1 1AA', country: 'GB' },
    });
    customerId = created.body.id;
    usdAccount = await eventually(async () => {
      const page = await sandbox.get(`/customers/internal-accounts?customerId=${customerId}&currency=USD`);
      return page.body.data?.[0]?.id as string | undefined;
    });
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
      const listed = await sandbox.get(`/quotes?receivingUmaAddress=${encodeURIComponent(address)}`);
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
});
