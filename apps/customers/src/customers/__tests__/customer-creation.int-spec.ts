import { DataSource, EntityManager } from 'typeorm';
import { Customer, UMA_ADDRESS_UNIQUE } from '@customers/customers/customer.entity';
import {
  customersService,
  eventTypesOf,
  storedOf,
} from '@customers/customers/__tests__/customers-service-kit';
import { business, individual } from '@customers/customers/__tests__/customer-bodies';
import { caller, customerRow, keyed, scope, stranger, UMA_DOMAIN } from '@customers/__tests__/tenant-kit';
import { useTenantDatabase } from '@customers/__tests__/tenant-database';

useTenantDatabase();

/** Makes Postgres answer every new customer's INSERT as it answers one whose UMA address is taken. */
async function takeEveryAddress(dataSource: DataSource): Promise<void> {
  await dataSource.query(`
    CREATE OR REPLACE FUNCTION take_every_address() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'duplicate key' USING ERRCODE = '23505', CONSTRAINT = '${UMA_ADDRESS_UNIQUE}';
    END $$`);
  await dataSource.query(
    `CREATE TRIGGER take_every_address BEFORE INSERT ON customers FOR EACH ROW EXECUTE FUNCTION take_every_address()`,
  );
}

describe('CustomersService: creating a customer', () => {
  it("stores an individual APPROVED, with a UMA address made of its platformCustomerId on the platform's domain, and customer.created", async () => {
    const { service, database } = await customersService(['USD', 'MXN']);

    const view = await service.create(
      caller,
      individual('Jane.Doe 42', {
        nationality: 'US',
        address: { line1: '1 Main St', postalCode: '98101', country: 'US' },
      }),
    );

    expect(view).toMatchObject({
      platformCustomerId: 'Jane.Doe 42',
      umaAddress: `$jane.doe-42@${UMA_DOMAIN}`,
      kycStatus: 'APPROVED',
      fullName: 'Jane Doe',
      isDeleted: false,
    });
    expect(await storedOf(database, view)).toMatchObject({
      ...scope,
      umaAddress: view.umaAddress,
      deletedAt: null,
    });
    expect(await database.outboxEvents()).toEqual([
      {
        topic: 'customers.customer-events.v1',
        requestId: 'req-1',
        event: expect.objectContaining({
          type: 'customer.created',
          aggregateId: view.id,
          payload: expect.objectContaining({ customerId: view.id, currencies: ['USD', 'MXN'] }),
        }),
      },
    ]);
  });

  it('keeps a UMA address the platform chose', async () => {
    const { service } = await customersService();

    const view = await service.create(caller, individual('c-1', { umaAddress: `$jane@${UMA_DOMAIN}` }));

    expect(view.umaAddress).toBe(`$jane@${UMA_DOMAIN}`);
  });

  describe("what the platform's currencies require", () => {
    it('names every field an individual lacks in 400 MISSING_MANDATORY_USER_INFO, and stores nothing', async () => {
      const { service, database } = await customersService(['USD', 'MXN']);

      const refusal = service.create(caller, individual('c-1'));

      await expect(refusal).rejects.toMatchObject({
        code: 'MISSING_MANDATORY_USER_INFO',
        status: 400,
        message: expect.stringContaining('NATIONALITY, ADDRESS'),
        details: { missingFields: ['NATIONALITY', 'ADDRESS'] },
      });
      expect(await database.rows(Customer)).toEqual([]);
      expect(await database.outboxEvents()).toEqual([]);
    });

    it('asks for a name and a birth date where the platform supports only USD', async () => {
      const { service } = await customersService(['USD']);

      await expect(
        service.create(caller, { platformCustomerId: 'c-1', customerType: 'INDIVIDUAL' }),
      ).rejects.toMatchObject({ details: { missingFields: ['FULL_NAME', 'BIRTH_DATE'] } });
    });

    it("takes a business's legal name for its name and never asks it for personal data", async () => {
      const { service } = await customersService(['USD', 'MXN']);

      await expect(service.create(caller, business('b-1'))).rejects.toMatchObject({
        details: { missingFields: ['ADDRESS'] },
      });
      await expect(
        service.create(caller, business('b-1', { businessInfo: undefined })),
      ).rejects.toMatchObject({ details: { missingFields: ['FULL_NAME', 'ADDRESS'] } });
      const address = { line1: '100 Market Street', postalCode: '98101', country: 'US' };
      expect(await service.create(caller, business('b-1', { address }))).toMatchObject({
        customerType: 'BUSINESS',
        businessInfo: { legalName: 'Acme Corporation' },
      });
    });

    it('requires nothing of a platform without currencies', async () => {
      const { service } = await customersService([]);

      const view = await service.create(caller, { platformCustomerId: 'c-1', customerType: 'INDIVIDUAL' });

      expect(view.kycStatus).toBe('APPROVED');
    });
  });

  describe('identifiers already taken', () => {
    it('refuses the platformCustomerId of a live customer of the platform with 409 CONFLICT', async () => {
      const { service, database } = await customersService();
      await database.seed(
        Customer,
        customerRow({ platformCustomerId: 'c-1', umaAddress: '$someone@else.local' }),
      );

      await expect(service.create(caller, individual('c-1'))).rejects.toMatchObject({
        code: 'CONFLICT',
        status: 409,
      });
      expect(await database.outboxEvents()).toEqual([]);
    });

    it("takes the platformCustomerId of a deleted customer, or of another platform's", async () => {
      const { service, database } = await customersService();
      await database.seed(
        Customer,
        customerRow({ platformCustomerId: 'c-1', umaAddress: '$a@x.local', deletedAt: new Date() }),
        customerRow({ platformCustomerId: 'c-2', umaAddress: '$b@x.local' }, stranger),
      );

      await service.create(caller, individual('c-1'));
      await service.create(caller, individual('c-2'));

      expect(await eventTypesOf(database)).toEqual(['customer.created', 'customer.created']);
    });

    it('refuses a chosen UMA address another customer has with 409 UMA_ADDRESS_EXISTS, trying no other', async () => {
      const { service, database } = await customersService();
      await database.seed(Customer, customerRow({ umaAddress: `$jane@${UMA_DOMAIN}` }, stranger));
      const insert = jest.spyOn(EntityManager.prototype, 'insert');

      await expect(
        service.create(caller, individual('c-1', { umaAddress: `$jane@${UMA_DOMAIN}` })),
      ).rejects.toMatchObject({ code: 'UMA_ADDRESS_EXISTS', status: 409 });
      expect(insert).toHaveBeenCalledTimes(1);
    });

    it('generates around a taken address with a random suffix', async () => {
      const { service, database } = await customersService();
      await database.seed(
        Customer,
        customerRow({ platformCustomerId: 'other', umaAddress: `$jane@${UMA_DOMAIN}` }),
      );

      const view = await service.create(caller, individual('JANE'));

      expect(view.umaAddress).toMatch(
        new RegExp(`^\\$jane-[a-z0-9]{6}@${UMA_DOMAIN.replaceAll('.', '\\.')}$`),
      );
    });

    it('gives up with 409 UMA_ADDRESS_EXISTS after five generated addresses are taken', async () => {
      const { service, database } = await customersService();
      await takeEveryAddress(database.dataSource);
      const insert = jest.spyOn(EntityManager.prototype, 'insert');

      try {
        await expect(service.create(caller, individual('c-1'))).rejects.toMatchObject({
          code: 'UMA_ADDRESS_EXISTS',
        });
        expect(insert).toHaveBeenCalledTimes(5);
      } finally {
        await database.dataSource.query(`DROP TRIGGER take_every_address ON customers`);
      }
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a retry with the customer its first request made: one customer, one event', async () => {
      const { service, database } = await customersService();

      const first = await service.create(keyed('key-1'), individual('c-1'));
      const retry = await service.create(keyed('key-1'), individual('c-1'));

      expect(retry).toEqual(first);
      expect(await database.rows(Customer)).toHaveLength(1);
      expect(await eventTypesOf(database)).toEqual(['customer.created']);
      await expect(service.create(keyed('key-2'), individual('c-1'))).rejects.toMatchObject({
        code: 'CONFLICT',
      });
    });

    it('answers a retry that raced its first request with the customer that request made', async () => {
      const { service, database, repository } = await customersService();
      const first = await service.create(keyed('key-1'), individual('c-1'));
      // The retry looked before the first request committed, then ran into its customer.
      jest.spyOn(repository, 'findOneBy').mockResolvedValueOnce(null);

      expect(await service.create(keyed('key-1'), individual('c-1'))).toEqual(first);
      expect(await database.rows(Customer)).toHaveLength(1);
    });
  });

  describe('for the hosted KYC page (createInScope)', () => {
    it('stores the status the page decided, with the work it adds to the same transaction', async () => {
      const { service, database } = await customersService();
      // The work sees the customer before it commits: it runs in the customer's transaction.
      const seenByWork: (Customer | null)[] = [];
      const alsoInTransaction = jest.fn(async (manager: EntityManager, made: Customer) => {
        seenByWork.push(await manager.findOneBy(Customer, { id: made.id }));
      });

      const customer = await service.createInScope(scope, individual('c-1'), {
        kycStatus: 'PENDING_REVIEW',
        alsoInTransaction,
      });

      expect(await database.rows(Customer)).toEqual([
        expect.objectContaining({ id: customer.id, kycStatus: 'PENDING_REVIEW' }),
      ]);
      expect(alsoInTransaction).toHaveBeenCalledWith(expect.any(EntityManager), customer);
      expect(seenByWork).toEqual([expect.objectContaining({ id: customer.id })]);
    });

    it('stores neither the customer nor its event when that work fails', async () => {
      const { service, database } = await customersService();
      const linkUsed = new Error('the link was used meanwhile');

      await expect(
        service.createInScope(scope, individual('c-1'), {
          alsoInTransaction: () => Promise.reject(linkUsed),
        }),
      ).rejects.toBe(linkUsed);
      expect(await database.rows(Customer)).toEqual([]);
      expect(await database.outboxEvents()).toEqual([]);
    });
  });
});
