import { ApiClient, bootstrapPlatform, e2eStack, eventually } from '@payments/testing';

function individual(platformCustomerId: string) {
  return {
    platformCustomerId,
    customerType: 'INDIVIDUAL',
    fullName: 'Grace Hopper',
    birthDate: '1985-12-09',
    nationality: 'US',
    address: { line1: '1 Navy Way', city: 'Arlington', state: 'VA', postalCode: '22202', country: 'US' },
  };
}

describe('internal accounts', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let sandbox: ApiClient;
  let production: ApiClient;

  beforeAll(() => {
    const platform = bootstrapPlatform();
    sandbox = api.withCredentials(platform.sandbox);
    production = api.withCredentials(platform.production);
  });

  it('opens one account per supported currency when a customer is created, from the Kafka event', async () => {
    const customer = await sandbox.post('/customers', individual(`ledger-${Date.now()}`));
    expect(customer.status).toBe(201);

    const accounts = await eventually(async () => {
      const page = await sandbox.get(`/customers/internal-accounts?customerId=${customer.body.id}`);
      return page.body.totalCount === 1 ? page.body : undefined;
    });
    expect(accounts.data[0]).toMatchObject({
      customerId: customer.body.id,
      balance: { amount: 0, currency: { code: 'USD', decimals: 2 } },
    });
    expect(accounts.data[0].id).toMatch(/^InternalAccount:[0-9a-f-]{36}$/);
    const [instruction] = accounts.data[0].fundingPaymentInstructions;
    expect(instruction.accountOrWalletInfo).toMatchObject({ accountType: 'US_ACCOUNT' });
    expect(instruction.accountOrWalletInfo.reference).toMatch(/^FUND-/);
  });

  it('gives the platform its own accounts and keeps environments apart', async () => {
    const platformAccounts = await eventually(async () => {
      const page = await sandbox.get('/platform/internal-accounts');
      return page.body.totalCount > 0 ? page.body : undefined;
    });
    expect(platformAccounts).toMatchObject({ hasMore: false });
    expect(
      platformAccounts.data.every((account: { customerId?: string }) => account.customerId === undefined),
    ).toBe(true);

    const sandboxCustomers = await sandbox.get('/customers/internal-accounts');
    const productionCustomers = await production.get('/customers/internal-accounts');
    const sandboxIds = new Set(sandboxCustomers.body.data.map((account: { id: string }) => account.id));
    expect(productionCustomers.body.data.some((account: { id: string }) => sandboxIds.has(account.id))).toBe(
      false,
    );
  });

  it('filters by currency and validates the filters', async () => {
    expect((await sandbox.get('/customers/internal-accounts?currency=EUR')).body.totalCount).toBe(0);
    expect((await sandbox.get('/customers/internal-accounts?currency=ZZZ')).body.code).toBe('INVALID_INPUT');
  });
});
