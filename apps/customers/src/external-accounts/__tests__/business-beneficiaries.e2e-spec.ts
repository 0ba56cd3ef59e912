import { ApiClient, bootstrapPlatform, e2eStack, newPlatformClients } from '@payments/testing';
import {
  accountOf,
  BUSINESS_BENEFICIARY,
  FixtureAccountType,
} from '@customers/external-accounts/__tests__/account-fixtures';

const BANK_ACCOUNT_TYPES: FixtureAccountType[] = ['US_ACCOUNT', 'CLABE', 'PIX', 'IBAN', 'UPI'];

describe('external accounts paying a business', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let sandbox: ApiClient;
  let acme: string;

  beforeAll(async () => {
    ({ sandbox } = newPlatformClients(api));
    // An individual customer whose name is the company's, so that the name check has a match to find.
    const created = await sandbox.post('/customers', {
      platformCustomerId: 'acme-owner',
      customerType: 'INDIVIDUAL',
      fullName: 'Acme Corporation',
      birthDate: '1990-01-15',
    });
    expect(created.status).toBe(201);
    acme = created.body.id;
  });

  it('are created on every account type with a beneficiary, and listed, with the beneficiary as given', async () => {
    const created = [];
    for (const accountType of BANK_ACCOUNT_TYPES) {
      const body = { ...accountOf(accountType, { beneficiary: BUSINESS_BENEFICIARY }), customerId: acme };
      const response = await sandbox.post('/customers/external-accounts', body);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        accountInfo: body.accountInfo,
        beneficiaryVerificationStatus: 'MATCHED',
        beneficiaryVerifiedData: { fullName: 'Acme Corporation' },
      });
      expect(response.body.accountInfo.beneficiary).toEqual(BUSINESS_BENEFICIARY);
      created.push(response.body);
    }

    const listed = await sandbox.get(`/customers/external-accounts?customerId=${acme}&limit=100`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(BANK_ACCOUNT_TYPES.length);
    for (const account of created) expect(listed.body.data).toContainEqual(account);
  });

  it('are created and listed for the platform itself with only a legal name', async () => {
    const owner = api.withCredentials(bootstrapPlatform().sandbox);
    const beneficiary = { beneficiaryType: 'BUSINESS', legalName: 'Acme Treasury' };
    const created = await owner.post('/platform/external-accounts', accountOf('IBAN', { beneficiary }));
    expect(created.status).toBe(201);
    expect(created.body.accountInfo.beneficiary).toEqual(beneficiary);

    const listed = await owner.get('/platform/external-accounts');
    expect(listed.body.data).toContainEqual(created.body);
  });

  it('refuses a business beneficiary without a legal name, or with an individual field, 400 INVALID_INPUT', async () => {
    const response = await sandbox.post('/customers/external-accounts', {
      ...accountOf('US_ACCOUNT', {
        beneficiary: { ...BUSINESS_BENEFICIARY, legalName: undefined, birthDate: '1990-01-15' },
      }),
      customerId: acme,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
    expect(response.body.details.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'accountInfo.beneficiary.birthDate',
      'accountInfo.beneficiary.legalName',
    ]);
  });
});
