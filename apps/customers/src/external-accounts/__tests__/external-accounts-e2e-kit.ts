import { Environment } from '@payments/contracts';
import { ApiClient, ApiResponse, e2ePlatform, InternalCaller } from '@payments/testing';
import { randomUUID } from 'node:crypto';

export function idsOf(response: ApiResponse): string[] {
  return response.body.data.map((account: { id: string }) => account.id);
}

/**
 * Call in a describe block: the e2e stack and, from its beforeAll, a new platform's clients with an
 * individual customer, Jane Doe, whose name the fixtures' beneficiary carries.
 */
export function externalAccountsE2e() {
  const kit = Object.assign(e2ePlatform(), {
    jane: '',

    /** A new individual customer of the sandbox platform, with `fullName`. */
    async newCustomer(fullName = 'Jane Doe', client?: ApiClient): Promise<string> {
      const created = await (client ?? kit.sandbox).post('/customers', {
        platformCustomerId: `customer-${randomUUID().slice(0, 8)}`,
        customerType: 'INDIVIDUAL',
        fullName,
        birthDate: '1990-01-15',
      });
      expect(created.status).toBe(201);
      return created.body.id;
    },

    /** GET /internal/external-accounts/:accountId on the customers app itself, as the transfers app calls it. */
    lookUp(accountId: string, environment = 'SANDBOX', platform?: string): Promise<ApiResponse> {
      return InternalCaller.ofStack('transfers')
        .client('customers', kit.stack.appUrls.customers, {
          platformId: platform ?? kit.platformId,
          environment: environment as Environment,
        })
        .get(`/internal/external-accounts/${encodeURIComponent(accountId)}`);
    },
  });

  beforeAll(async () => {
    kit.jane = await kit.newCustomer();
  });
  return kit;
}
