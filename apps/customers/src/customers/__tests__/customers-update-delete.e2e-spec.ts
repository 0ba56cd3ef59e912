import { ApiClient, eventually } from '@payments/testing';
import { Pool } from 'pg';
import { individual } from '@customers/customers/__tests__/customer-bodies';
import { customersE2e, uniqueId } from '@customers/customers/__tests__/customers-e2e-kit';

describe('customers: update and delete', () => {
  const customers = customersE2e({ listening: true });
  const { stack, events } = customers;
  let sandbox: ApiClient;
  beforeAll(() => void ({ sandbox } = customers));

  describe('update and delete', () => {
    it('updates the given fields only, checks customerType and publishes customer.updated', async () => {
      const created = await sandbox.post(
        '/customers',
        individual(uniqueId('patch'), { email: 'old@example.com' }),
      );
      // Read first, so that the customers app holds the row in memory when the change comes.
      expect((await sandbox.get(`/customers/${created.body.id}`)).body).toEqual(created.body);

      const updated = await sandbox.patch(`/customers/${created.body.id}`, {
        customerType: 'INDIVIDUAL',
        fullName: 'Jane Smith',
        nationality: 'GB',
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        fullName: 'Jane Smith',
        nationality: 'GB',
        email: 'old@example.com',
        birthDate: '1990-01-15',
      });
      expect(Date.parse(updated.body.updatedAt)).toBeGreaterThan(Date.parse(created.body.updatedAt));
      expect((await sandbox.get(`/customers/${created.body.id}`)).body).toEqual(updated.body);

      const wrongType = await sandbox.patch(`/customers/${created.body.id}`, { customerType: 'BUSINESS' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.details.errors).toEqual([
        { field: 'customerType', message: expect.stringContaining('INDIVIDUAL') },
      ]);

      await events.waitFor(
        (event) => event.aggregateId === created.body.id && event.type === 'customer.updated',
      );
    });

    it("refuses to take another customer's UMA address on update", async () => {
      const first = await sandbox.post('/customers', individual(uniqueId('holder')));
      const second = await sandbox.post('/customers', individual(uniqueId('taker')));

      const response = await sandbox.patch(`/customers/${second.body.id}`, {
        customerType: 'INDIVIDUAL',
        umaAddress: first.body.umaAddress,
      });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('UMA_ADDRESS_EXISTS');
    });

    it('soft-deletes: 200 with isDeleted, then 410 CUSTOMER_DELETED, still readable, id free again', async () => {
      const platformCustomerId = uniqueId('leaving');
      const created = await sandbox.post('/customers', individual(platformCustomerId));
      expect((await sandbox.get(`/customers/${created.body.id}`)).body.isDeleted).toBe(false);

      const deleted = await sandbox.delete(`/customers/${created.body.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ id: created.body.id, isDeleted: true });

      for (const response of [
        await sandbox.delete(`/customers/${created.body.id}`),
        await sandbox.patch(`/customers/${created.body.id}`, {
          customerType: 'INDIVIDUAL',
          fullName: 'Back Again',
        }),
      ]) {
        expect(response.status).toBe(410);
        expect(response.body.code).toBe('CUSTOMER_DELETED');
      }
      expect((await sandbox.get(`/customers/${created.body.id}`)).body).toEqual(deleted.body);
      await events.waitFor(
        (event) => event.aggregateId === created.body.id && event.type === 'customer.deleted',
      );

      const recreated = await sandbox.post('/customers', individual(platformCustomerId));
      expect(recreated.status).toBe(201);
      expect(recreated.body.umaAddress).toBe(created.body.umaAddress);
    });

    it('shows a change made outside this app replica at the next reads, as another replica would make it', async () => {
      const created = await sandbox.post('/customers', individual(uniqueId('elsewhere')));
      expect((await sandbox.get(`/customers/${created.body.id}`)).body.fullName).toBe('Jane Doe');
      const database = new Pool({ connectionString: stack.databaseUrl, max: 1 });

      await database
        .query(`UPDATE customers.customers SET full_name = 'Changed Elsewhere' WHERE id = $1`, [
          created.body.id.slice('Customer:'.length),
        ])
        .finally(() => database.end());

      await eventually(async () => {
        const { body } = await sandbox.get(`/customers/${created.body.id}`);
        return body.fullName === 'Changed Elsewhere' ? true : undefined;
      });
    });
  });
});
