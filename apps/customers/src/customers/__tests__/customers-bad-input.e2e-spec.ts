import { ApiClient, ApiResponse } from '@payments/testing';
import { individual } from '@customers/customers/__tests__/customer-bodies';
import { customersE2e, uniqueId } from '@customers/customers/__tests__/customers-e2e-kit';

describe('customers: bad input', () => {
  const customers = customersE2e();
  let sandbox: ApiClient;
  beforeAll(() => void ({ sandbox } = customers));

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
