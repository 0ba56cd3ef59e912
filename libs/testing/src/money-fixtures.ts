import { ApiClient } from './api-client';
import { eventually } from './eventually';
import { randomUUID } from 'node:crypto';

/** A customer of a test platform with its USD internal account. */
export interface FundedCustomer {
  customerId: string;
  platformCustomerId: string;
  internalAccountId: string;
}

const FINAL_STATUSES = ['COMPLETED', 'FAILED', 'REJECTED'];

/** The beneficiary of the test bank accounts: an individual with a complete address. */
export const BENEFICIARY = {
  beneficiaryType: 'INDIVIDUAL',
  fullName: 'Ada Lovelace',
  birthDate: '1985-12-10',
  nationality: 'GB',
  address: { line1: '1 Main St', city: 'London', state: 'London', postalCode: 'N1 1AA', country: 'GB' },
};

/** Creates a customer and waits for the ledger to open its USD internal account (it does so from an event). */
export async function newCustomer(client: ApiClient, label = 'customer'): Promise<FundedCustomer> {
  const platformCustomerId = `${label}-${randomUUID().slice(0, 8)}`;
  const created = await client.post('/customers', {
    platformCustomerId,
    customerType: 'INDIVIDUAL',
    fullName: 'Ada Lovelace',
    birthDate: '1985-12-10',
    nationality: 'GB',
    address: { line1: '1 Main St', city: 'London', postalCode: 'N1 1AA', country: 'GB' },
  });
  expect(created.status).toBe(201);
  const internalAccountId = await eventually(async () => {
    const page = await client.get(`/customers/internal-accounts?customerId=${created.body.id}&currency=USD`);
    return page.body.data?.[0]?.id as string | undefined;
  });
  return { customerId: created.body.id, platformCustomerId, internalAccountId };
}

/** A US bank account of the customer; its number ends in `ending`, which picks the sandbox rail's answer. */
export async function usBankAccount(
  client: ApiClient,
  customerId: string | null,
  ending = '001',
): Promise<string> {
  const response = await client.post('/customers/external-accounts', {
    currency: 'USD',
    ...(customerId ? { customerId } : {}),
    accountInfo: {
      accountType: 'US_ACCOUNT',
      accountNumber: `${String(Date.now()).slice(-6)}${ending}`,
      routingNumber: '021000021',
      accountCategory: 'CHECKING',
      bankName: 'Chase Bank',
      beneficiary: BENEFICIARY,
    },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

/** A Mexican CLABE account of the customer, for quotes from USD (the platform must support MXN). */
export async function clabeAccount(client: ApiClient, customerId: string): Promise<string> {
  const response = await client.post('/customers/external-accounts', {
    customerId,
    currency: 'MXN',
    accountInfo: { accountType: 'CLABE', clabeNumber: '002010077777777771', beneficiary: BENEFICIARY },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

/** A currency the platform's config supports, with wide limits and no counterparty fields. */
export const supportedCurrency = (currencyCode: string) => ({
  currencyCode,
  minAmount: 100,
  maxAmount: 10_000_000_000,
  requiredCounterpartyFields: [],
});

/** Waits until the transaction reaches a final status and returns it. */
export function settled(client: ApiClient, transactionId: string, timeoutMs = 15_000): Promise<any> {
  return eventually(
    async () => {
      const response = await client.get(`/transactions/${transactionId}`);
      return FINAL_STATUSES.includes(response.body.status) ? response.body : undefined;
    },
    { timeoutMs },
  );
}

/**
 * Funds the account through the sandbox helper, which credits it at once and answers the account,
 * and returns the INCOMING transaction that records the deposit.
 */
export async function fund(client: ApiClient, internalAccountId: string, amount: number): Promise<any> {
  const response = await client.post(`/sandbox/internal-accounts/${internalAccountId}/fund`, { amount });
  expect(response.status).toBe(200);
  expect(response.body.id).toBe(internalAccountId);
  const page = await client.get(
    `/transactions?receiverAccountIdentifier=${internalAccountId}&type=INCOMING&limit=1`,
  );
  return page.body.data[0];
}

export async function balanceOf(client: ApiClient, customerId: string): Promise<number> {
  const page = await client.get(`/customers/internal-accounts?customerId=${customerId}&currency=USD`);
  return page.body.data[0].balance.amount;
}
