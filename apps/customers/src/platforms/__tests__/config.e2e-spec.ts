import { CUSTOMER_EVENTS, CustomerEvent, PLATFORM_EVENTS, PlatformEvent } from '@payments/contracts';
import {
  ApiClient,
  bootstrapPlatform,
  e2eStack,
  KafkaTestConsumer,
  newPlatformClients,
} from '@payments/testing';

const USD = {
  currencyCode: 'USD',
  minAmount: 100,
  maxAmount: 5_000_000,
  requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }],
};

describe('platform configuration', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const platformEvents = new KafkaTestConsumer<PlatformEvent>(
    stack.kafkaBrokers,
    stack.topicPrefix,
    PLATFORM_EVENTS,
  );
  const customerEvents = new KafkaTestConsumer<CustomerEvent>(
    stack.kafkaBrokers,
    stack.topicPrefix,
    CUSTOMER_EVENTS,
  );
  let platformId: string;
  let sandbox: ApiClient;
  let production: ApiClient;

  beforeAll(async () => {
    ({ platformId, sandbox, production } = newPlatformClients(api));
    await Promise.all([platformEvents.start(), customerEvents.start()]);
  });

  afterAll(() => Promise.all([platformEvents.stop(), customerEvents.stop()]));

  it('starts a new platform with USD, no webhook endpoint, a UMA domain per environment and the signing key', async () => {
    const response = await sandbox.get('/config');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^PlatformConfig:[0-9a-f-]{36}$/),
      umaDomain: expect.stringMatching(/^[a-z0-9.-]+$/),
      // The deployment's own domain: proven from the start.
      umaDomainVerification: {
        recordName: `_grid-uma-verify.${response.body.umaDomain}`,
        token: expect.stringMatching(/^grid-uma-verify=[0-9a-f-]{36}$/),
        status: 'VERIFIED',
      },
      proxyUmaSubdomain: expect.any(String),
      webhookFormat: 'LEGACY',
      supportedCurrencies: [
        {
          currencyCode: 'USD',
          minAmount: 1,
          maxAmount: 100_000_000,
          requiredCounterpartyFields: [],
          enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
          providerRequiredCustomerFields: ['FULL_NAME', 'BIRTH_DATE'],
          providerRequiredCounterpartyCustomerFields: ['FULL_NAME', 'BIRTH_DATE'],
        },
      ],
      isRegulatedFinancialInstitution: false,
      webhookPublicKey: expect.stringContaining('-----BEGIN PUBLIC KEY-----'),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const inProduction = (await production.get('/config')).body;
    expect(inProduction.id).not.toBe(response.body.id);
    expect(inProduction.umaDomain).not.toBe(response.body.umaDomain);
    // Each environment signs its webhooks with its own key (docs/api.md#webhook-signatures).
    expect(inProduction.webhookPublicKey).toEqual(expect.stringContaining('-----BEGIN PUBLIC KEY-----'));
    expect(inProduction.webhookPublicKey).not.toBe(response.body.webhookPublicKey);
  });

  it('updates one environment, ignores the read-only requirements sent back and publishes the change', async () => {
    const before = (await sandbox.get('/config')).body;
    const echoedUsd = { ...before.supportedCurrencies[0], ...USD };

    const updated = await sandbox.patch('/config', {
      webhookEndpoint: 'http://127.0.0.1:9/webhooks',
      supportedCurrencies: [
        echoedUsd,
        {
          currencyCode: 'EUR',
          minAmount: 1,
          maxAmount: 1_000_000,
          requiredCounterpartyFields: [],
          enabledTransactionTypes: ['OUTGOING'],
        },
      ],
    });

    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: before.id,
      umaDomain: before.umaDomain,
      webhookEndpoint: 'http://127.0.0.1:9/webhooks',
      supportedCurrencies: [
        {
          ...USD,
          enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
          providerRequiredCustomerFields: ['FULL_NAME', 'BIRTH_DATE'],
        },
        {
          currencyCode: 'EUR',
          enabledTransactionTypes: ['OUTGOING'],
          providerRequiredCustomerFields: ['FULL_NAME', 'BIRTH_DATE', 'NATIONALITY', 'ADDRESS'],
        },
      ],
    });
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect((await sandbox.get('/config')).body).toEqual(updated.body);
    expect(
      (await production.get('/config')).body.supportedCurrencies.map(
        (currency: { currencyCode: string }) => currency.currencyCode,
      ),
    ).toEqual(['USD']);

    const event = await platformEvents.waitFor(
      (candidate) =>
        candidate.platformId === platformId &&
        candidate.payload.webhookEndpoint === 'http://127.0.0.1:9/webhooks',
    );
    expect(event).toMatchObject({
      environment: 'SANDBOX',
      payload: { platformConfigId: before.id, currencies: ['USD', 'EUR'] },
    });
  });

  it('makes customers supply what the new currencies require, and opens them in every currency', async () => {
    const marie = {
      platformCustomerId: 'euro-customer',
      customerType: 'INDIVIDUAL',
      fullName: 'Marie Curie',
      birthDate: '1967-11-07',
    };
    const missing = await sandbox.post('/customers', marie);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'MISSING_MANDATORY_USER_INFO',
      details: { missingFields: ['NATIONALITY', 'ADDRESS'] },
    });

    const created = await sandbox.post('/customers', {
      ...marie,
      nationality: 'FR',
      address: { line1: '1 Rue Pierre et Marie Curie', postalCode: '75005', country: 'FR' },
    });
    expect(created.status).toBe(201);
    const event = await customerEvents.waitFor((candidate) => candidate.aggregateId === created.body.id);
    expect(event.payload).toMatchObject({ currencies: ['USD', 'EUR'] });
  });

  it('refuses a webhook endpoint aimed at cloud metadata (even on a local stack) and plain http in production', async () => {
    for (const webhookEndpoint of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:a9fe:a9fe]/',
    ]) {
      const response = await sandbox.patch('/config', { webhookEndpoint });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'INVALID_INPUT',
        details: { errors: [{ field: 'webhookEndpoint', message: expect.stringMatching(/cloud metadata/) }] },
      });
    }
    const insecure = await production.patch('/config', { webhookEndpoint: 'http://api.example.com/hooks' });
    expect(insecure.status).toBe(400);
    expect(insecure.body.message).toMatch(/https URL in production/);
    expect((await sandbox.get('/config')).body.webhookEndpoint).not.toMatch(/169\.254|a9fe/);
  });

  it('removes the webhook endpoint with null and changes the UMA domain, unverified until its TXT record is', async () => {
    const umaDomain = `pay-${Date.now()}.example.com`;
    const response = await production.patch('/config', {
      webhookEndpoint: null,
      umaDomain: umaDomain.toUpperCase(),
    });

    expect(response.status).toBe(200);
    expect(response.body.umaDomain).toBe(umaDomain);
    expect(response.body).not.toHaveProperty('webhookEndpoint');
    expect(response.body.umaDomainVerification).toMatchObject({
      recordName: `_grid-uma-verify.${umaDomain}`,
      status: 'PENDING',
    });
    const verify = await production.post('/config/uma-domain/verify', {});
    expect([verify.status, verify.body.code]).toEqual([422, 'UMA_DOMAIN_NOT_VERIFIED']);
  });

  it("keeps a sandbox UMA domain under the deployment's own (400), and one customers hold addresses on (409)", async () => {
    const outside = await sandbox.patch('/config', { umaDomain: `pay-${Date.now()}.example.com` });
    const held = await sandbox.patch('/config', { umaDomain: `pay-${Date.now()}.uma.local` });

    expect([outside.status, outside.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect([held.status, held.body.code]).toEqual([409, 'CONFLICT']);
  });

  it("refuses another platform's UMA domain with 409 CONFLICT", async () => {
    const stranger = api.withCredentials(bootstrapPlatform().sandbox);
    const taken = (await sandbox.get('/config')).body.umaDomain;

    const response = await stranger.patch('/config', { umaDomain: taken });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('CONFLICT');
  });

  it('lists every bad field of a PATCH at once and changes nothing', async () => {
    const before = (await sandbox.get('/config')).body;

    const response = await sandbox.patch('/config', {
      umaDomain: 'not a domain',
      webhookEndpoint: 'ftp://example.com/hooks',
      isRegulatedFinancialInstitution: true,
      supportedCurrencies: [
        {
          currencyCode: 'XYZ',
          minAmount: 10,
          maxAmount: 5,
          requiredCounterpartyFields: [{ name: 'SHOE_SIZE', mandatory: true }],
        },
        {
          currencyCode: 'EUR',
          minAmount: 1.5,
          maxAmount: 10,
          requiredCounterpartyFields: [],
          enabledTransactionTypes: ['SIDEWAYS'],
        },
      ],
    });

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
    expect(response.body.details.errors.map((error: { field: string }) => error.field).sort()).toEqual(
      [
        'umaDomain',
        'webhookEndpoint',
        'isRegulatedFinancialInstitution',
        'supportedCurrencies.0.currencyCode',
        'supportedCurrencies.0.maxAmount',
        'supportedCurrencies.0.requiredCounterpartyFields.0.name',
        'supportedCurrencies.1.minAmount',
        'supportedCurrencies.1.enabledTransactionTypes',
      ].sort(),
    );
    expect((await sandbox.get('/config')).body).toEqual(before);
  });

  it.each([
    ['a currency listed twice', { supportedCurrencies: [USD, USD] }, 'supportedCurrencies'],
    ['no currency at all', { supportedCurrencies: [] }, 'supportedCurrencies'],
    ['a null UMA domain', { umaDomain: null }, 'umaDomain'],
    [
      'a counterparty field named twice',
      {
        supportedCurrencies: [
          {
            ...USD,
            requiredCounterpartyFields: [
              USD.requiredCounterpartyFields[0],
              USD.requiredCounterpartyFields[0],
            ],
          },
        ],
      },
      'supportedCurrencies.0.requiredCounterpartyFields',
    ],
  ])('refuses %s', async (_case, body, field) => {
    const response = await sandbox.patch('/config', body);

    expect(response.status).toBe(400);
    expect(response.body.details.errors).toEqual(
      expect.arrayContaining([{ field, message: expect.any(String) }]),
    );
  });
});
