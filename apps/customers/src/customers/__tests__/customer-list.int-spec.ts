import { scopeOf } from '@payments/http';
import { ListCountsWorker } from '@payments/persistence';
import { MigratedDatabase } from '@payments/testing';
import { caller, customerRow, stranger } from '@customers/__tests__/tenant-kit';
import { CustomerList } from '@customers/customers/customer-list';
import { Customer } from '@customers/customers/customer.entity';
import { ListCustomersQuery } from '@customers/customers/dto/list-customers.query';
import { CUSTOMERS_SCHEMA } from '@customers/database';

jest.setTimeout(30_000);

const day = (date: number) => new Date(`2025-10-${date}T12:00:00.000Z`);

/** c-10 … c-13, created and updated on the 10th … 13th; c-13 deleted; one of another platform. */
describe('CustomerList (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let customers: CustomerList;

  beforeAll(async () => {
    database = await MigratedDatabase.create(CUSTOMERS_SCHEMA);
    const { dataSource } = database;
    for (const [tenant, name] of [
      [caller, 'acme'],
      [stranger, 'other'],
    ] as const) {
      await dataSource.query(`INSERT INTO platforms (id, name, slug) VALUES ($1, $2, $2)`, [
        scopeOf(tenant).platformId,
        name,
      ]);
    }
    const repository = dataSource.getRepository(Customer);
    for (const date of [10, 11, 12, 13]) {
      await repository.insert(
        customerRow({
          platformCustomerId: `c-${date}`,
          customerType: date === 11 ? 'BUSINESS' : 'INDIVIDUAL',
          createdAt: day(date),
          updatedAt: day(date),
          deletedAt: date === 13 ? day(13) : null,
        }),
      );
    }
    await repository.insert(
      customerRow({ platformCustomerId: 'c-10', umaAddress: '$x@other.local' }, stranger),
    );
    customers = new CustomerList(repository);
  });

  afterAll(async () => {
    await database?.drop();
  });

  const list = async (query: ListCustomersQuery) => {
    const page = await customers.page(caller, query);
    return { ids: page.data.map((customer) => customer.platformCustomerId), totalCount: page.totalCount };
  };

  it("lists the platform's live customers, newest first, page by page with the total", async () => {
    expect(await list({})).toEqual({ ids: ['c-12', 'c-11', 'c-10'], totalCount: 3 });
    expect(await list({ isIncludingDeleted: true })).toEqual({
      ids: ['c-13', 'c-12', 'c-11', 'c-10'],
      totalCount: 4,
    });
    const first = await customers.page(caller, { limit: 2 });
    expect(first).toMatchObject({ hasMore: true, totalCount: 3 });
    const second = await customers.page(caller, { limit: 2, cursor: first.nextCursor });
    expect(second).toMatchObject({ hasMore: false, totalCount: 3 });
    expect([...first.data, ...second.data].map(({ platformCustomerId }) => platformCustomerId)).toEqual([
      'c-12',
      'c-11',
      'c-10',
    ]);
  });

  it('filters by platformCustomerId, customerType and umaAddress, each with its total', async () => {
    expect(await list({ platformCustomerId: 'c-10' })).toEqual({ ids: ['c-10'], totalCount: 1 });
    expect(await list({ customerType: 'BUSINESS' })).toEqual({ ids: ['c-11'], totalCount: 1 });
    expect(await list({ customerType: 'INDIVIDUAL' })).toEqual({ ids: ['c-12', 'c-10'], totalCount: 2 });
    expect(await list({ umaAddress: '$c-12@acme.uma.local' })).toEqual({ ids: ['c-12'], totalCount: 1 });
  });

  it('filters by creation and update time, both bounds inclusive', async () => {
    expect(await list({ createdAfter: day(11).toISOString(), createdBefore: day(12).toISOString() })).toEqual(
      {
        ids: ['c-12', 'c-11'],
        totalCount: 2,
      },
    );
    expect((await list({ updatedAfter: day(12).toISOString() })).ids).toEqual(['c-12']);
    expect((await list({ updatedBefore: day(10).toISOString() })).ids).toEqual(['c-10']);
  });

  it('keeps the totals as customers are deleted, before and after the counts are folded', async () => {
    await database.dataSource.query(
      `UPDATE customers SET deleted_at = now() WHERE platform_customer_id = 'c-10'`,
    );
    expect(await list({})).toEqual({ ids: ['c-12', 'c-11'], totalCount: 2 });
    while (await new ListCountsWorker(database.dataSource).fold());
    expect((await list({ customerType: 'INDIVIDUAL' })).totalCount).toBe(1);
    expect((await customers.page(stranger, {})).totalCount).toBe(0);
  });
});
