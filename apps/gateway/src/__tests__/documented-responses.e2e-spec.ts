import {
  ApiClient,
  ApiResponse,
  clabeAccount,
  DocumentedResponses,
  e2eStack,
  eventually,
  newCustomer,
  platformWithEndpoint,
  PlatformWithEndpoint,
  supportedCurrency,
} from '@payments/testing';

/**
 * The answers of the endpoints the console's client once saw as untyped, each checked against the
 * schema docs/openapi.json gives it: every field documented, none undocumented.
 */
describe('responses as docs/openapi.json documents them', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const documented = new DocumentedResponses();
  const startedAt = new Date();
  let platform: PlatformWithEndpoint;
  let sandbox: ApiClient;
  let customerId: string;
  let internalAccountId: string;

  const expectDocumented = (method: string, path: string, response: ApiResponse, status: number) => {
    expect(response.status).toBe(status);
    expect(documented.departures(method, path, response)).toEqual([]);
  };

  beforeAll(async () => {
    platform = await platformWithEndpoint(api);
    sandbox = platform.sandbox;
    const config = await sandbox.patch('/config', {
      supportedCurrencies: [supportedCurrency('USD'), supportedCurrency('MXN')],
    });
    expect(config.status).toBe(200);
    ({ customerId, internalAccountId } = await newCustomer(sandbox, 'documented'));
  });

  afterAll(async () => {
    await platform?.receiver.stop();
  });

  it('tokens: the created one with its secret, the list, one token', async () => {
    const created = await sandbox.post('/tokens', { name: 'documented', permissions: ['VIEW'] });
    expectDocumented('POST', '/tokens', created, 201);

    expectDocumented('GET', '/tokens', await sandbox.get('/tokens?limit=2'), 200);
    expectDocumented('GET', '/tokens/{tokenId}', await sandbox.get(`/tokens/${created.body.id}`), 200);
    expectDocumented('DELETE', '/tokens/{tokenId}', await sandbox.delete(`/tokens/${created.body.id}`), 204);
  });

  it("internal accounts: the customers' and the platform's, and a sandbox funding", async () => {
    const customers = await sandbox.get(`/customers/internal-accounts?customerId=${customerId}`);
    expectDocumented('GET', '/customers/internal-accounts', customers, 200);
    expect(customers.body.data[0]).toHaveProperty('customerId', customerId);

    const platformAccounts = await eventually(async () => {
      const page = await sandbox.get('/platform/internal-accounts');
      return page.body.data?.length > 0 ? page : undefined;
    });
    expectDocumented('GET', '/platform/internal-accounts', platformAccounts, 200);

    const funded = await sandbox.post(`/sandbox/internal-accounts/${internalAccountId}/fund`, {
      amount: 50_000,
    });
    expectDocumented('POST', '/sandbox/internal-accounts/{accountId}/fund', funded, 200);
    expect(funded.body.balance.amount).toBe(50_000);
  });

  it('a just-in-time funded quote: the transaction /sandbox/send answers with', async () => {
    const quote = await sandbox.post('/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId },
      destination: { destinationType: 'ACCOUNT', accountId: await clabeAccount(sandbox, customerId) },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000,
    });
    expect(quote.status).toBe(201);

    const sent = await sandbox.post('/sandbox/send', { quoteId: quote.body.quoteId, currencyCode: 'USD' });

    expectDocumented('POST', '/sandbox/send', sent, 200);
    expect(sent.body).toMatchObject({ type: 'OUTGOING', quoteId: quote.body.quoteId });
  });

  it.each(['csv', 'jsonl'])('the transactions export as %s', async (format) => {
    const window = `startDate=${startedAt.toISOString()}&endDate=${new Date(Date.now() + 60_000).toISOString()}`;

    const exported = await sandbox.get(`/reports/transactions?${window}&format=${format}`);

    expectDocumented('GET', '/reports/transactions', exported, 200);
  });

  it('a redelivery: accepted, without a body', async () => {
    const delivered = await eventually(async () => {
      const page = await sandbox.get('/webhooks/deliveries?type=TEST&status=DELIVERED');
      return page.body.data?.[0]?.id as string | undefined;
    });

    const redelivered = await sandbox.post(`/webhooks/deliveries/${delivered}/redeliver`);

    expectDocumented('POST', '/webhooks/deliveries/{webhookId}/redeliver', redelivered, 202);
  });
});
