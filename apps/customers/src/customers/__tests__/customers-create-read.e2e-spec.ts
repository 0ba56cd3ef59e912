import { ApiClient } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { business, individual } from '@customers/customers/__tests__/customer-bodies';
import { customersE2e, uniqueId } from '@customers/customers/__tests__/customers-e2e-kit';

describe('customers: create and read', () => {
  const customers = customersE2e({ listening: true });
  const { events } = customers;
  let platformId: string, sandbox: ApiClient;
  beforeAll(() => void ({ platformId, sandbox } = customers));

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
});
