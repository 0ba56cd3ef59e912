import {
  ApiClient,
  e2eStack,
  eventually,
  newCustomer,
  platformWithEndpoint,
  PlatformWithEndpoint,
  ReceivedWebhook,
  usBankAccount,
  verifySignature,
} from '@payments/testing';

const USD = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 };

/** ACCOUNT_STATUS webhooks: one per balance move of an internal account, from the ledger's postings. */
describe('ACCOUNT_STATUS webhooks', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let platform: PlatformWithEndpoint;
  let customerId: string;
  let platformCustomerId: string;
  let accountId: string;

  beforeAll(async () => {
    platform = await platformWithEndpoint(api);
    const customer = await newCustomer(platform.sandbox, 'balances');
    ({ customerId, platformCustomerId, internalAccountId: accountId } = customer);
  });

  afterAll(() => platform?.receiver.stop());

  const accountWebhooks = (): ReceivedWebhook[] =>
    platform.receiver.received((body) => body?.type === 'ACCOUNT_STATUS' && body.accountId === accountId);
  const balancesOf = (webhooks: ReceivedWebhook[]) =>
    webhooks.map(({ body }) => [body.oldBalance.amount, body.newBalance.amount]);
  const waitForAccountWebhooks = (count: number) =>
    eventually(async () => (accountWebhooks().length >= count ? accountWebhooks() : undefined));

  const bankAccount = (ending: string) => usBankAccount(platform.sandbox, customerId, ending);

  async function transferOut(destination: string, amount: number): Promise<string> {
    const response = await platform.sandbox.post('/transfer-out', {
      source: { accountId },
      destination: { accountId: destination },
      amount,
    });
    expect(response.status).toBe(201);
    return response.body.id;
  }

  const finalWebhookOf = (transactionId: string) =>
    platform.receiver.waitFor(
      (body) =>
        body?.transaction?.id === transactionId && ['COMPLETED', 'FAILED'].includes(body.transaction.status),
    );

  it('reports a sandbox funding with the old and new balance, signed, naming the customer', async () => {
    const funded = await platform.sandbox.post(`/sandbox/internal-accounts/${accountId}/fund`, {
      amount: 10_000,
    });
    expect(funded.status).toBe(200);

    const [webhook] = await waitForAccountWebhooks(1);

    expect(webhook.body).toEqual({
      webhookId: expect.stringMatching(/^Webhook:[0-9a-f-]{36}$/),
      type: 'ACCOUNT_STATUS',
      timestamp: expect.any(String),
      // Each attempt's own (docs/api.md#webhook-signatures).
      platformId: expect.any(String),
      environment: 'SANDBOX',
      sentAt: expect.any(String),
      accountId,
      oldBalance: { amount: 0, currency: USD },
      newBalance: { amount: 10_000, currency: USD },
      customerId,
      platformCustomerId,
    });
    expect(verifySignature(webhook.rawBody, webhook.headers['x-grid-signature'], platform.publicKeyPem)).toBe(
      true,
    );
  });

  it('reports a transfer-out once, when its reserve moves the balance (the settlement moves none)', async () => {
    const transactionId = await transferOut(await bankAccount('001'), 2_500);
    await finalWebhookOf(transactionId);

    await waitForAccountWebhooks(2);
    expect(balancesOf(accountWebhooks())).toEqual([
      [0, 10_000],
      [10_000, 7_500],
    ]);
    const account = await platform.sandbox.get(
      `/customers/internal-accounts?customerId=${customerId}&currency=USD`,
    );
    expect(account.body.data[0].balance).toEqual({ amount: 7_500, currency: USD });
  });

  it('reports a failed transfer-out twice, in order: the reserve, then the release', async () => {
    const transactionId = await transferOut(await bankAccount('003'), 1_000);
    const final = await finalWebhookOf(transactionId);
    expect(final.body.transaction.status).toBe('FAILED');

    await waitForAccountWebhooks(4);
    expect(balancesOf(accountWebhooks())).toEqual([
      [0, 10_000],
      [10_000, 7_500],
      [7_500, 6_500],
      [6_500, 7_500],
    ]);
  });
});
