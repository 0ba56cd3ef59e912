import { Customer } from '@customers/customers/customer.entity';
import { customersService, storedOf } from '@customers/customers/__tests__/customers-service-kit';
import { individual } from '@customers/customers/__tests__/customer-bodies';
import { caller, customerRow, stranger, UMA_DOMAIN } from '@customers/__tests__/tenant-kit';
import { useTenantDatabase } from '@customers/__tests__/tenant-database';

useTenantDatabase();

/** The other platform's domain, as tenantDatabase configures it. */
const THEIR_DOMAIN = 'other-2.uma.local';

// Issue 27 point 6: a platform giving its customer an address on another platform's domain squats on
// that platform's names, and learns from the 409 which of them it has.
describe('CustomersService: an address on another platform’s domain', () => {
  it('refuses it at creation with 400 INVALID_UMA_ADDRESS, storing nothing, so the owner can still take it', async () => {
    const { service, database } = await customersService();
    const squatted = `$bob@${THEIR_DOMAIN}`;

    await expect(service.create(caller, individual('c-1', { umaAddress: squatted }))).rejects.toMatchObject({
      code: 'INVALID_UMA_ADDRESS',
      status: 400,
    });

    expect(await database.rows(Customer)).toEqual([]);
    const theirs = await service.create(stranger, individual('bob', { umaAddress: squatted }));
    expect(theirs.umaAddress).toBe(squatted);
  });

  it('answers the same whether or not the other platform has the address', async () => {
    const { service, database } = await customersService();
    await database.seed(Customer, customerRow({ umaAddress: `$held@${THEIR_DOMAIN}` }, stranger));

    const refusalOf = (user: string) =>
      service.create(caller, individual(`c-${user}`, { umaAddress: `$${user}@${THEIR_DOMAIN}` })).then(
        () => undefined,
        ({ status, code, message }: { status: number; code: string; message: string }) => ({
          status,
          code,
          message,
        }),
      );

    const [held, free] = await Promise.all([refusalOf('held'), refusalOf('free')]);
    expect(held).toEqual(free);
    expect(held).toMatchObject({ status: 400, code: 'INVALID_UMA_ADDRESS' });
  });

  it('refuses it in a PATCH, leaving the customer as it was', async () => {
    const { service, database } = await customersService();
    const customer = await service.create(caller, individual('c-1'));

    await expect(
      service.update(caller, customer.id, {
        customerType: 'INDIVIDUAL',
        umaAddress: `$bob@${THEIR_DOMAIN}`,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_UMA_ADDRESS', status: 400 });

    expect((await storedOf(database, customer))!.umaAddress).toBe(`$c-1@${UMA_DOMAIN}`);
  });

  it('keeps an address on its own domain', async () => {
    const { service } = await customersService();

    const view = await service.create(caller, individual('c-1', { umaAddress: `$jane@${UMA_DOMAIN}` }));

    expect(view.umaAddress).toBe(`$jane@${UMA_DOMAIN}`);
  });
});
