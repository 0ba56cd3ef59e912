import {
  ApiClient,
  BENEFICIARY,
  e2eStack,
  eventually,
  newCustomer,
  platformWithEndpoint,
  PlatformWithEndpoint,
  supportedCurrency as currency,
} from '@payments/testing';

/** QUOTE_TTL_SECONDS of the e2e stack (test/e2e/global-setup.mjs). */
export const QUOTE_TTL_MS = 10_000;

export const CLABE_DETAILS = {
  accountType: 'CLABE',
  clabeNumber: '002010077777777771',
  beneficiary: BENEFICIARY,
};

/**
 * Call in a describe block: the e2e stack and, from its beforeAll, a platform with a webhook endpoint,
 * USD, EUR and MXN, and a customer with a funded USD and EUR account and a CLABE account to pay to.
 */
export function quotesE2e() {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const internal: Record<string, string> = {};
  const kit = {
    stack,
    api,
    internal,
    platform: undefined as unknown as PlatformWithEndpoint,
    sandbox: undefined as unknown as ApiClient,
    customerId: '',
    clabeAccountId: '',

    balance: async (code: string) =>
      (await kit.sandbox.get(`/customers/internal-accounts?customerId=${kit.customerId}&currency=${code}`))
        .body.data[0].balance.amount,

    quote: (body: Record<string, unknown>, headers?: Record<string, string>) =>
      kit.sandbox.post(
        '/quotes',
        {
          source: { sourceType: 'ACCOUNT', accountId: internal.USD },
          destination: { destinationType: 'ACCOUNT', accountId: kit.clabeAccountId },
          lockedCurrencySide: 'SENDING',
          lockedCurrencyAmount: 10_000,
          ...body,
        },
        { headers },
      ),

    finished: (quoteId: string) =>
      eventually(async () => {
        const { body } = await kit.sandbox.get(`/quotes/${quoteId}`);
        return ['COMPLETED', 'FAILED'].includes(body.status) ? body : undefined;
      }),
  };
  const { balance, quote } = kit;

  beforeAll(async () => {
    const platform = (kit.platform = await platformWithEndpoint(api));
    const sandbox = (kit.sandbox = platform.sandbox);
    const config = await sandbox.patch('/config', {
      supportedCurrencies: [currency('USD'), currency('EUR'), currency('MXN')],
    });
    expect(config.status).toBe(200);
    const { customerId, internalAccountId } = await newCustomer(sandbox, 'fx');
    kit.customerId = customerId;
    internal.USD = internalAccountId;
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
    kit.clabeAccountId = clabe.body.id;
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

  afterAll(() => kit.platform.receiver.stop());
  return kit;
}
