import { Environment, toApiId } from '@payments/contracts';
import { Caller, PlatformScope, scopeOf } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { Customer, NO_CUSTOMER_DETAILS } from '@customers/customers/customer.entity';
import { CurrencyConfig } from '@customers/platforms/platform-config.entity';

/** The platform the specs call as, in the sandbox, and the same platform's production. */
export const caller: Caller = {
  platformId: toApiId('Platform', randomUUID()),
  environment: Environment.Sandbox,
  requestId: 'req-1',
};
export const production: Caller = { ...caller, environment: Environment.Production };
/** Another platform, whose data the caller must never see. */
export const stranger: Caller = { ...caller, platformId: toApiId('Platform', randomUUID()) };
export const scope: PlatformScope = scopeOf(caller);

/** A request with an Idempotency-Key (its digest, as the gateway passes it on). */
export const keyed = (key: string): Caller => ({ ...caller, idempotencyKey: key });

export const UMA_DOMAIN = 'acme.uma.local';

export function currency(currencyCode: string, limits: Partial<CurrencyConfig> = {}): CurrencyConfig {
  return {
    currencyCode,
    minAmount: 100,
    maxAmount: 1_000_000,
    requiredCounterpartyFields: [],
    enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
    ...limits,
  };
}

/** A stored individual customer of `tenant`, with the details USD requires. */
export function customerRow(fields: Partial<Customer> = {}, tenant: Caller = caller): Customer {
  const now = new Date('2025-10-13T10:00:00.000Z');
  const platformCustomerId = fields.platformCustomerId ?? `c-${randomUUID().slice(0, 8)}`;
  return Object.assign(new Customer(), {
    id: randomUUID(),
    ...scopeOf(tenant),
    platformCustomerId,
    customerType: 'INDIVIDUAL',
    umaAddress: `$${platformCustomerId}@${UMA_DOMAIN}`,
    kycStatus: 'APPROVED',
    ...NO_CUSTOMER_DETAILS,
    fullName: 'Jane Doe',
    birthDate: '1990-01-15',
    description: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    ...fields,
  });
}

/**
 * Expects `read` to answer 404 `code` for a malformed and an unknown id, and for `id` read by another
 * platform or in the other environment: a tenant cannot tell another's data from none.
 */
export async function expectNotFoundToOthers(
  code: string,
  ids: { id: string; malformed: string; unknown: string },
  read: (who: Caller, id: string) => Promise<unknown>,
): Promise<void> {
  const cases: [Caller, string][] = [
    [caller, ids.malformed],
    [caller, ids.unknown],
    [stranger, ids.id],
    [production, ids.id],
  ];
  for (const [who, id] of cases) await expect(read(who, id)).rejects.toMatchObject({ code, status: 404 });
}
