import { ApiClient, bootstrapPlatform } from '@payments/testing';
import { individual } from '@customers/customers/__tests__/customer-bodies';
import { customersE2e, idsOf, uniqueId } from '@customers/customers/__tests__/customers-e2e-kit';

describe('customers: isolation', () => {
  const customers = customersE2e();
  const { api } = customers;
  let sandbox: ApiClient, production: ApiClient;
  beforeAll(() => void ({ sandbox, production } = customers));

  describe('isolation', () => {
    it("answers 404 for another platform's customer, exactly as for an unknown one", async () => {
      const created = await sandbox.post('/customers', individual(uniqueId('private')));
      // Read by its owner first, so that the customer is in the customers app's memory.
      expect((await sandbox.get(`/customers/${created.body.id}`)).status).toBe(200);
      const stranger = api.withCredentials(bootstrapPlatform().sandbox);

      for (const response of [
        await stranger.get(`/customers/${created.body.id}`),
        await stranger.patch(`/customers/${created.body.id}`, {
          customerType: 'INDIVIDUAL',
          fullName: 'Mallory',
        }),
        await stranger.delete(`/customers/${created.body.id}`),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('USER_NOT_FOUND');
      }
      expect(idsOf(await stranger.get('/customers'))).toEqual([]);
      expect((await sandbox.get(`/customers/${created.body.id}`)).body.isDeleted).toBe(false);
    });

    it('keeps sandbox and production customers apart', async () => {
      const platformCustomerId = uniqueId('both');
      const inProduction = await production.post('/customers', individual(platformCustomerId));
      expect(inProduction.status).toBe(201);

      expect((await sandbox.get(`/customers/${inProduction.body.id}`)).status).toBe(404);
      expect(idsOf(await sandbox.get(`/customers?platformCustomerId=${platformCustomerId}`))).toEqual([]);
      // The same platformCustomerId is free in the other environment, and its UMA address is distinct.
      const inSandbox = await sandbox.post('/customers', individual(platformCustomerId));
      expect(inSandbox.status).toBe(201);
      expect(inSandbox.body.umaAddress).not.toBe(inProduction.body.umaAddress);
    });
  });
});
