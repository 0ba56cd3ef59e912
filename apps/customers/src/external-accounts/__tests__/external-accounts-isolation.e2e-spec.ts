import { ApiClient, newPlatformClients } from '@payments/testing';
import { accountOf } from '@customers/external-accounts/__tests__/account-fixtures';
import { externalAccountsE2e, idsOf } from '@customers/external-accounts/__tests__/external-accounts-e2e-kit';

describe('external accounts: isolation', () => {
  const accounts = externalAccountsE2e();
  const { api, lookUp } = accounts;
  let sandbox: ApiClient, production: ApiClient, jane: string;
  beforeAll(() => void ({ sandbox, production, jane } = accounts));

  describe('isolation', () => {
    it("treats another platform's customers and accounts as if they did not exist", async () => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
      });
      const stranger = newPlatformClients(api);

      const foreignCustomer = await stranger.sandbox.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
      });
      expect(foreignCustomer.status).toBe(404);
      expect(foreignCustomer.body.code).toBe('USER_NOT_FOUND');
      expect(idsOf(await stranger.sandbox.get(`/customers/external-accounts?customerId=${jane}`))).toEqual(
        [],
      );
      expect((await lookUp(created.body.id, 'SANDBOX', stranger.platformId)).status).toBe(404);
    });

    it('keeps sandbox and production accounts apart', async () => {
      const inProduction = await production.post('/platform/external-accounts', accountOf('US_ACCOUNT'));
      expect(inProduction.status).toBe(201);

      expect(idsOf(await sandbox.get('/platform/external-accounts'))).not.toContain(inProduction.body.id);
      expect(idsOf(await production.get('/platform/external-accounts'))).toEqual([inProduction.body.id]);
      expect((await lookUp(inProduction.body.id, 'SANDBOX')).status).toBe(404);
      expect((await lookUp(inProduction.body.id, 'PRODUCTION')).status).toBe(200);

      const sandboxCustomerInProduction = await production.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
      });
      expect(sandboxCustomerInProduction.status).toBe(404);
    });
  });
});
