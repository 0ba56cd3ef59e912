import { scopeOf } from '@payments/http';
import { MigratedDatabase } from '@payments/testing';
import { caller, customerRow, stranger } from '@customers/__tests__/tenant-kit';
import { findCustomer } from '@customers/customers/customer-lookup';
import { Customer } from '@customers/customers/customer.entity';
import { CUSTOMERS_SCHEMA } from '@customers/database';
import { toApiId } from '@payments/contracts';

jest.setTimeout(30_000);

describe('findCustomer (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let customerId: string;

  beforeAll(async () => {
    database = await MigratedDatabase.create(CUSTOMERS_SCHEMA);
    const { dataSource } = database;
    await dataSource.query(`INSERT INTO platforms (id, name, slug) VALUES ($1, 'acme', 'acme')`, [
      scopeOf(caller).platformId,
    ]);
    const customer = customerRow();
    await dataSource.getRepository(Customer).insert(customer);
    customerId = toApiId('Customer', customer.id);
  });

  afterAll(async () => {
    await database?.drop();
  });

  const lockedElsewhere = () =>
    database
      .query(`SELECT id FROM customers.customers WHERE id = $1 FOR UPDATE NOWAIT`, [customerId.split(':')[1]])
      .then(
        () => false,
        () => true,
      );

  it("locks the caller's own customer for the rest of its transaction", async () => {
    await database.dataSource.transaction(async (manager) => {
      await findCustomer(manager, scopeOf(caller), customerId, { lock: 'pessimistic_write' });
      expect(await lockedElsewhere()).toBe(true);
    });
  });

  it("answers 404 to another platform naming the customer, without holding the customer's row", async () => {
    await database.dataSource.transaction(async (manager) => {
      await expect(
        findCustomer(manager, scopeOf(stranger), customerId, { lock: 'pessimistic_write' }),
      ).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
      expect(await lockedElsewhere()).toBe(false);
    });
  });
});
