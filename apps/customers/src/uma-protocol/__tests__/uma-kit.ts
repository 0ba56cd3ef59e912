import { ApiClient, eventually, platformWithEndpoint, PlatformWithEndpoint } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { request } from 'undici';

export const USD = {
  currencyCode: 'USD',
  minAmount: 100,
  maxAmount: 10_000_000_000,
  requiredCounterpartyFields: [],
};
export const PERSON = {
  customerType: 'INDIVIDUAL',
  birthDate: '1985-12-10',
  nationality: 'GB',
  address: { line1: '1 Main St', city: 'London', postalCode: 'N1 1AA', country: 'GB' },
};

/** A platform with a USD customer, its UMA domain and address. */
export interface UmaPlatform extends PlatformWithEndpoint {
  umaDomain: string;
  customerId: string;
  umaAddress: string;
  accountId: string;
}

/** A new platform receiving USD (sandbox), with a customer whose internal account the ledger has opened. */
export async function umaPlatform(api: ApiClient, fullName: string): Promise<UmaPlatform> {
  const platform = await platformWithEndpoint(api);
  const config = await platform.sandbox.patch('/config', { supportedCurrencies: [USD] });
  expect(config.status).toBe(200);
  const customer = await platform.sandbox.post('/customers', {
    platformCustomerId: `uma-${randomUUID().slice(0, 8)}`,
    fullName,
    ...PERSON,
  });
  expect(customer.status).toBe(201);
  // The ledger opens the customer's accounts from its event on Kafka.
  const accountId = await eventually(async () => {
    const accounts = await platform.sandbox.get(
      `/customers/internal-accounts?customerId=${customer.body.id}&currency=USD`,
    );
    return accounts.body.data?.[0]?.id as string | undefined;
  });
  return {
    ...platform,
    umaDomain: config.body.umaDomain,
    customerId: customer.body.id,
    umaAddress: customer.body.umaAddress,
    accountId,
  };
}

/** A receiver lookup by the platform's customer. */
export function lookup(platform: UmaPlatform, address: string) {
  return platform.sandbox.get(
    `/receiver/uma/${encodeURIComponent(address)}?customerId=${platform.customerId}`,
  );
}

/** A request to the gateway as a UMA peer makes it, naming `host`; the answer's status and JSON. */
export async function asPeer(
  gatewayUrl: string,
  host: string,
  path: string,
  post?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await request(`${gatewayUrl}${path}`, {
    method: post === undefined ? 'GET' : 'POST',
    headers: { host, ...(post === undefined ? {} : { 'content-type': 'application/json' }) },
    body: post === undefined ? undefined : JSON.stringify(post),
  });
  return { status: response.statusCode, body: await response.body.json() };
}
