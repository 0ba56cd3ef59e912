import { CUSTOMER_EVENTS, CustomerEvent } from '@payments/contracts';
import {
  ApiClient,
  ApiResponse,
  bootstrapPlatform,
  e2eStack,
  eventually,
  KafkaTestConsumer,
  newPlatformClients,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { business, individual } from '@customers/customers/__tests__/customer-bodies';

/** A platformCustomerId no other test uses. */
function uniqueId(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

function idsOf(response: ApiResponse): string[] {
  return response.body.data.map((customer: { id: string }) => customer.id);
}

describe('customers', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const events = new KafkaTestConsumer<CustomerEvent>(stack.kafkaBrokers, stack.topicPrefix, CUSTOMER_EVENTS);
  let platformId: string;
  let sandbox: ApiClient;
  let production: ApiClient;

  beforeAll(async () => {
    ({ platformId, sandbox, production } = newPlatformClients(api));
    await events.start();
  });

  afterAll(() => events.stop());

  describe('create and read', () => {
    it('creates an individual, approved, with a generated UMA address, and publishes customer.created', async () => {
      const platformCustomerId = uniqueId('Jane.Doe');
      const details = {
        nationality: 'US',
        email: 'jane@example.com',
        phoneNumber: '+14155551234',
        address: {
          line1: '1 Main Street',
          city: 'San Francisco',
          state: 'CA',
          postalCode: '94105',
          country: 'US',
        },
      };
      const created = await sandbox.post('/customers', individual(platformCustomerId, details));

      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^Customer:[0-9a-f-]{36}$/),
        platformCustomerId,
        customerType: 'INDIVIDUAL',
        umaAddress: expect.stringMatching(
          new RegExp(`^\\$${platformCustomerId.toLowerCase().replace('.', '\\.')}@[a-z0-9.-]+$`),
        ),
        kycStatus: 'APPROVED',
        fullName: 'Jane Doe',
        birthDate: '1990-01-15',
        ...details,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        isDeleted: false,
      });

      const fetched = await sandbox.get(`/customers/${created.body.id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toEqual(created.body);

      const event = await events.waitFor((candidate) => candidate.aggregateId === created.body.id);
      expect(event).toMatchObject({
        type: 'customer.created',
        platformId,
        environment: 'SANDBOX',
        payload: {
          customerId: created.body.id,
          platformCustomerId,
          umaAddress: created.body.umaAddress,
          currencies: ['USD'],
        },
      });
    });

    it('creates a business with its owners and a chosen UMA address, stored lower-case', async () => {
      const { umaDomain } = (await sandbox.get('/config')).body;
      const umaAddress = `$${uniqueId('Acme')}@${umaDomain.toUpperCase()}`;
      const created = await sandbox.post(
        '/customers',
        business(uniqueId('acme'), {
          umaAddress,
          businessInfo: { legalName: 'Acme Corporation', registrationNumber: 'BRN-1', taxId: 'EIN-2' },
          address: { line1: '100 Market Street', postalCode: '98101', country: 'US' },
          beneficialOwners: [{ fullName: 'John Doe', individualType: 'DIRECTOR', percentageOwnership: 30 }],
        }),
      );

      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        customerType: 'BUSINESS',
        umaAddress: umaAddress.toLowerCase(),
        businessInfo: { legalName: 'Acme Corporation', registrationNumber: 'BRN-1', taxId: 'EIN-2' },
        beneficialOwners: [{ fullName: 'John Doe', individualType: 'DIRECTOR', percentageOwnership: 30 }],
      });
      expect(created.body).not.toHaveProperty('fullName');
    });

    it('refuses a second live customer with the same platformCustomerId with 409 CONFLICT', async () => {
      const platformCustomerId = uniqueId('twice');
      expect((await sandbox.post('/customers', individual(platformCustomerId))).status).toBe(201);

      const again = await sandbox.post('/customers', individual(platformCustomerId));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ status: 409, code: 'CONFLICT' });
    });

    it('refuses a taken UMA address with 409 UMA_ADDRESS_EXISTS, and generates around it', async () => {
      const first = await sandbox.post('/customers', individual(uniqueId('first')));
      const taken = await sandbox.post(
        '/customers',
        individual(uniqueId('second'), { umaAddress: first.body.umaAddress }),
      );
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('UMA_ADDRESS_EXISTS');

      // An id that sanitizes to the first one's handle gets a generated address with a suffix instead.
      const [handle, domain] = first.body.umaAddress.slice(1).split('@');
      const lookalike = await sandbox.post('/customers', individual(handle.toUpperCase()));
      expect(lookalike.status).toBe(201);
      expect(lookalike.body.umaAddress).toMatch(
        new RegExp(`^\\$${handle}-[a-z0-9]{6}@${domain.replace(/\./g, '\\.')}$`),
      );
    });

    it("asks for what the platform's currencies require with 400 MISSING_MANDATORY_USER_INFO", async () => {
      const response = await sandbox.post('/customers', {
        platformCustomerId: uniqueId('bare'),
        customerType: 'INDIVIDUAL',
      });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'MISSING_MANDATORY_USER_INFO',
        details: { missingFields: ['FULL_NAME', 'BIRTH_DATE'] },
      });
    });

    it('answers 404 USER_NOT_FOUND for an unknown or malformed id', async () => {
      for (const id of [`Customer:${randomUUID()}`, 'Customer:nope', randomUUID()]) {
        const response = await sandbox.get(`/customers/${id}`);
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('USER_NOT_FOUND');
      }
    });
  });

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

  describe('list', () => {
    let listing: ApiClient;
    let alice: ApiResponse;
    let acme: ApiResponse;
    let bob: ApiResponse;

    beforeAll(async () => {
      listing = api.withCredentials(bootstrapPlatform().sandbox);
      alice = await listing.post('/customers', individual('alice'));
      acme = await listing.post('/customers', business('acme'));
      bob = await listing.post('/customers', individual('bob'));
    });

    it('lists newest first, page by page, with the total on each page', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listing.get(`/customers?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        expect(page.body.totalCount).toBe(3);
        expect(page.body.data).toHaveLength(1);
        seen.push(...idsOf(page));
        cursor = page.body.nextCursor;
        expect(page.body.hasMore).toBe(cursor !== undefined);
      } while (cursor);

      expect(seen).toEqual([bob.body.id, acme.body.id, alice.body.id]);
    });

    it('filters by platformCustomerId, customerType and umaAddress', async () => {
      expect(idsOf(await listing.get('/customers?platformCustomerId=alice'))).toEqual([alice.body.id]);
      expect(idsOf(await listing.get('/customers?customerType=BUSINESS'))).toEqual([acme.body.id]);
      expect(idsOf(await listing.get('/customers?customerType=INDIVIDUAL'))).toEqual([
        bob.body.id,
        alice.body.id,
      ]);
      const umaAddress = encodeURIComponent(bob.body.umaAddress.toUpperCase());
      expect(idsOf(await listing.get(`/customers?umaAddress=${umaAddress}`))).toEqual([bob.body.id]);
    });

    it('filters by creation and update time, both bounds inclusive', async () => {
      const created = (response: ApiResponse) => encodeURIComponent(response.body.createdAt);
      expect(idsOf(await listing.get(`/customers?createdAfter=${created(acme)}`))).toEqual([
        bob.body.id,
        acme.body.id,
      ]);
      expect(idsOf(await listing.get(`/customers?createdBefore=${created(acme)}`))).toEqual([
        acme.body.id,
        alice.body.id,
      ]);
      expect(
        idsOf(await listing.get(`/customers?createdAfter=${created(acme)}&createdBefore=${created(acme)}`)),
      ).toEqual([acme.body.id]);

      const touched = await listing.patch(`/customers/${alice.body.id}`, {
        customerType: 'INDIVIDUAL',
        email: 'alice@example.com',
      });
      const updatedAt = encodeURIComponent(touched.body.updatedAt);
      expect(idsOf(await listing.get(`/customers?updatedAfter=${updatedAt}`))).toEqual([alice.body.id]);
      expect(idsOf(await listing.get(`/customers?updatedBefore=${updatedAt}`))).toEqual([
        bob.body.id,
        acme.body.id,
        alice.body.id,
      ]);
    });

    it('leaves deleted customers out unless asked to include them', async () => {
      const leaving = await listing.post('/customers', individual('leaving'));
      await listing.delete(`/customers/${leaving.body.id}`);

      expect(idsOf(await listing.get('/customers?platformCustomerId=leaving'))).toEqual([]);
      expect(
        idsOf(await listing.get('/customers?platformCustomerId=leaving&isIncludingDeleted=false')),
      ).toEqual([]);
      const included = await listing.get('/customers?platformCustomerId=leaving&isIncludingDeleted=true');
      expect(included.body).toMatchObject({
        totalCount: 1,
        data: [{ id: leaving.body.id, isDeleted: true }],
      });
    });
  });

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

  describe('bad input', () => {
    function expectInvalidInput(response: ApiResponse, field: string): void {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
      expect(response.body.details.errors).toEqual(
        expect.arrayContaining([{ field, message: expect.any(String) }]),
      );
    }

    it.each([
      ['an unknown field', { favouriteColour: 'blue' }, 'favouriteColour'],
      ['a bad customerType', { customerType: 'ROBOT' }, 'customerType'],
      ['an impossible birth date', { birthDate: '1990-02-30' }, 'birthDate'],
      ['a future birth date', { birthDate: '2999-01-01' }, 'birthDate'],
      ['a malformed UMA address', { umaAddress: 'jane@example.com' }, 'umaAddress'],
    ])('answers a body with %s with 400 INVALID_INPUT naming the field', async (_case, fields, field) => {
      expectInvalidInput(await sandbox.post('/customers', individual(uniqueId('bad'), fields)), field);
    });

    it.each([
      ['a bad customerType', 'customerType=ROBOT', 'customerType'],
      ['a bad date', 'createdAfter=yesterday', 'createdAfter'],
      ['limit 0', 'limit=0', 'limit'],
      ['limit 101', 'limit=101', 'limit'],
      ['a malformed cursor', 'cursor=not-a-cursor', 'cursor'],
      ['an unknown parameter', 'sort=name', 'sort'],
    ])(
      'answers a list query with %s with 400 INVALID_INPUT naming the field',
      async (_case, query, field) => {
        expectInvalidInput(await sandbox.get(`/customers?${query}`), field);
      },
    );

    it('lists every bad field at once', async () => {
      const response = await sandbox.post('/customers', {
        customerType: 'INDIVIDUAL',
        fullName: '',
        nationality: 'Narnia',
        email: 'nope',
        address: { line1: '1 Main Street' },
        businessInfo: { legalName: 'Not for individuals' },
      });

      expect(response.status).toBe(400);
      expect(response.body.details.errors.map((error: { field: string }) => error.field).sort()).toEqual(
        [
          'platformCustomerId',
          'fullName',
          'nationality',
          'email',
          'address.postalCode',
          'address.country',
          'businessInfo',
        ].sort(),
      );
    });
  });
});
