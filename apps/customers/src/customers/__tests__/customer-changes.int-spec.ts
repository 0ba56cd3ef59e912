import { randomUUID } from 'node:crypto';
import { toApiId } from '@payments/contracts';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { Customer } from '@customers/customers/customer.entity';
import {
  customersService,
  eventTypesOf,
  storedOf,
} from '@customers/customers/__tests__/customers-service-kit';
import { individual } from '@customers/customers/__tests__/customer-bodies';
import { caller, expectNotFoundToOthers, currency, customerRow } from '@customers/__tests__/tenant-kit';
import { fakeClock, useTenantDatabase } from '@customers/__tests__/tenant-database';

useTenantDatabase();

const patch = { customerType: 'INDIVIDUAL' as const };

/** A service with one customer of the caller, created through it. */
async function withCustomer(currencyCodes: string[] = ['USD']) {
  const kit = await customersService(currencyCodes);
  const customer = await kit.service.create(caller, individual('c-1', { email: 'old@example.com' }));
  return { ...kit, customer };
}

describe('CustomersService: reading a customer', () => {
  it("answers 404 USER_NOT_FOUND for an unknown or malformed id, and for another platform's or environment's customer", async () => {
    const { service, customer } = await withCustomer();

    await expectNotFoundToOthers(
      'USER_NOT_FOUND',
      { id: customer.id, malformed: 'Customer:nope', unknown: toApiId('Customer', randomUUID()) },
      (who, id) => service.get(who, id),
    );
  });

  it('keeps a customer in memory between reads, and forgets it once the service changes it', async () => {
    const { service, database, customer } = await withCustomer();
    await service.get(caller, customer.id);
    // A change this replica has not heard of yet.
    await database.manager.update(Customer, (await storedOf(database, customer))!.id, {
      description: 'elsewhere',
    });
    expect((await service.get(caller, customer.id)).description).toBeUndefined();

    await service.update(caller, customer.id, { ...patch, fullName: 'Jane Smith' });

    expect(await service.get(caller, customer.id)).toMatchObject({
      fullName: 'Jane Smith',
      description: 'elsewhere',
    });
  });
});

describe('CustomersService: changing a customer', () => {
  afterEach(() => jest.useRealTimers());

  it('changes the given fields only, moves updatedAt and publishes customer.updated', async () => {
    fakeClock(new Date('2025-10-13T10:00:00.000Z'));
    const { service, database, customer } = await withCustomer();
    jest.setSystemTime(new Date('2025-10-13T10:05:00.000Z'));

    const updated = await service.update(caller, customer.id, { ...patch, nationality: 'GB' });

    expect(updated).toMatchObject({ nationality: 'GB', email: 'old@example.com', fullName: 'Jane Doe' });
    expect([customer.updatedAt, updated.updatedAt]).toEqual([
      '2025-10-13T10:00:00.000Z',
      '2025-10-13T10:05:00.000Z',
    ]);
    expect(updated.createdAt).toBe(customer.createdAt);
    expect(await storedOf(database, customer)).toMatchObject({ nationality: 'GB', email: 'old@example.com' });
    expect(await eventTypesOf(database)).toEqual(['customer.created', 'customer.updated']);
  });

  it('refuses another customerType with 400 on customerType, changing nothing', async () => {
    const { service, database, customer } = await withCustomer();

    await expect(service.update(caller, customer.id, { customerType: 'BUSINESS' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'customerType', message: expect.stringContaining('INDIVIDUAL') }] },
    });
    expect(await eventTypesOf(database)).toEqual(['customer.created']);
  });

  it('asks for what a currency the platform added since requires, unless the change brings it', async () => {
    const { service, database, customer } = await withCustomer();
    await database.manager.update(
      PlatformConfig,
      { environment: caller.environment },
      {
        supportedCurrencies: [currency('USD'), currency('MXN')],
      },
    );

    await expect(
      service.update(caller, customer.id, { ...patch, email: 'new@example.com' }),
    ).rejects.toMatchObject({
      code: 'MISSING_MANDATORY_USER_INFO',
      details: { missingFields: ['NATIONALITY', 'ADDRESS'] },
    });
    expect((await storedOf(database, customer))!.email).toBe('old@example.com');

    const address = { line1: '1 Main St', postalCode: '98101', country: 'US' };
    expect(await service.update(caller, customer.id, { ...patch, nationality: 'US', address })).toMatchObject(
      {
        address,
      },
    );
  });

  it("refuses another customer's UMA address with 409 UMA_ADDRESS_EXISTS", async () => {
    const { service, database, customer } = await withCustomer();
    await database.seed(Customer, customerRow({ umaAddress: '$taken@acme.uma.local' }));

    await expect(
      service.update(caller, customer.id, { ...patch, umaAddress: '$taken@acme.uma.local' }),
    ).rejects.toMatchObject({ code: 'UMA_ADDRESS_EXISTS' });
    expect((await storedOf(database, customer))!.umaAddress).toBe(customer.umaAddress);
  });
});

describe('CustomersService: deleting a customer', () => {
  it('keeps it readable with isDeleted, publishes customer.deleted, and frees its identifiers', async () => {
    const { service, database, customer } = await withCustomer();

    const deleted = await service.delete(caller, customer.id);

    expect(deleted).toMatchObject({ id: customer.id, isDeleted: true });
    expect(await service.get(caller, customer.id)).toEqual(deleted);
    expect(await eventTypesOf(database)).toEqual(['customer.created', 'customer.deleted']);
    const again = await service.create(caller, individual('c-1'));
    expect(again.umaAddress).toBe(customer.umaAddress);
  });

  it('answers 410 CUSTOMER_DELETED to a change or a second delete', async () => {
    const { service, database, customer } = await withCustomer();
    await service.delete(caller, customer.id);

    for (const change of [
      () => service.delete(caller, customer.id),
      () => service.update(caller, customer.id, { ...patch, fullName: 'Back Again' }),
    ]) {
      await expect(change()).rejects.toMatchObject({ code: 'CUSTOMER_DELETED', status: 410 });
    }
    expect(await eventTypesOf(database)).toEqual(['customer.created', 'customer.deleted']);
  });
});
