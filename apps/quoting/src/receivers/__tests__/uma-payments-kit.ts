import {
  ApiClient,
  e2eStack,
  eventually,
  newCustomer,
  platformWithEndpoint,
  PlatformWithEndpoint,
  supportedCurrency as currency,
} from '@payments/testing';

/** SANDBOX_UMA_DOMAIN's default, which the e2e stack keeps. */
export const SANDBOX = 'sandbox.grid.uma.money';
/** QUOTE_TTL_SECONDS of the e2e stack (test/e2e/global-setup.mjs), which lookups live as long as. */
export const QUOTE_TTL_MS = 10_000;
export const SENDER_INFO = { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1985-12-10' };

/**
 * Call in a describe block: the e2e stack and, from its beforeAll, a platform with a webhook endpoint,
 * USD and EUR, and a customer whose USD account holds 1,000,000.
 */
export function umaPaymentsE2e() {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const kit = {
    stack,
    api,
    platform: undefined as unknown as PlatformWithEndpoint,
    sandbox: undefined as unknown as ApiClient,
    customerId: '',
    usdAccount: '',

    balance: async () =>
      (await kit.sandbox.get(`/customers/internal-accounts?customerId=${kit.customerId}&currency=USD`)).body
        .data[0].balance.amount as number,
    lookup: (address: string, client?: ApiClient) =>
      (client ?? kit.sandbox).get(
        `/receiver/uma/${encodeURIComponent(address)}?customerId=${kit.customerId}`,
      ),
    umaQuote: (body: Record<string, unknown>, client?: ApiClient) =>
      (client ?? kit.sandbox).post('/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: kit.usdAccount },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 10_000,
        senderCustomerInfo: SENDER_INFO,
        ...body,
      }),
  };

  beforeAll(async () => {
    const platform = (kit.platform = await platformWithEndpoint(api));
    const sandbox = (kit.sandbox = platform.sandbox);
    expect(
      (await sandbox.patch('/config', { supportedCurrencies: [currency('USD'), currency('EUR')] })).status,
    ).toBe(200);
    const { customerId, internalAccountId: usdAccount } = await newCustomer(sandbox, 'uma');
    Object.assign(kit, { customerId, usdAccount });
    expect(
      (await sandbox.post(`/sandbox/internal-accounts/${usdAccount}/fund`, { amount: 1_000_000 })).status,
    ).toBe(200);
    await eventually(async () => ((await kit.balance()) === 1_000_000 ? true : undefined));
  });

  afterAll(() => kit.platform.receiver.stop());
  return kit;
}
