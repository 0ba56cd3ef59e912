import { ApiClient, ApiResponse, bootstrapPlatform } from '@payments/testing';
import { accountOf } from '@customers/external-accounts/__tests__/account-fixtures';
import { externalAccountsE2e, idsOf } from '@customers/external-accounts/__tests__/external-accounts-e2e-kit';

describe("external accounts: the platform's own", () => {
  const accounts = externalAccountsE2e();
  const { api } = accounts;
  let jane: string;
  beforeAll(() => void ({ jane } = accounts));

  describe("the platform's own accounts", () => {
    let owner: ApiClient;
    let usd: ApiResponse;
    let eur: ApiResponse;
    let viaCustomersPath: ApiResponse;

    beforeAll(async () => {
      owner = api.withCredentials(bootstrapPlatform().sandbox);
      usd = await owner.post('/platform/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        platformAccountId: 'ops',
      });
      eur = await owner.post('/platform/external-accounts', accountOf('IBAN'));
      viaCustomersPath = await owner.post('/customers/external-accounts', accountOf('SPARK_WALLET'));
    });

    it('are created with customerId null, with no name on file to check a beneficiary against', () => {
      expect(usd.status).toBe(201);
      expect(usd.body).toMatchObject({
        status: 'ACTIVE',
        customerId: null,
        platformAccountId: 'ops',
        beneficiaryVerificationStatus: 'CHECKED_BY_RECEIVING_FI',
      });
      expect(usd.body).not.toHaveProperty('beneficiaryVerifiedData');
      expect(viaCustomersPath.status).toBe(201);
      expect(viaCustomersPath.body).toMatchObject({
        customerId: null,
        beneficiaryVerificationStatus: 'UNSUPPORTED',
      });
    });

    it("are listed whole, newest first, filtered by currency, apart from the customers' accounts", async () => {
      const all = await owner.get('/platform/external-accounts');
      expect(all.status).toBe(200);
      expect(all.body).toEqual({
        data: [viaCustomersPath.body, eur.body, usd.body],
        hasMore: false,
        totalCount: 3,
      });
      expect(idsOf(await owner.get('/platform/external-accounts?currency=EUR'))).toEqual([eur.body.id]);
      expect(idsOf(await owner.get('/customers/external-accounts'))).toEqual([]);
    });

    it('have one default UMA deposit account, like a customer', async () => {
      const first = await owner.post('/platform/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        defaultUmaDepositAccount: true,
      });
      const second = await owner.post('/platform/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        defaultUmaDepositAccount: true,
      });
      const defaults = (await owner.get('/platform/external-accounts')).body.data.filter(
        (account: { defaultUmaDepositAccount: boolean }) => account.defaultUmaDepositAccount,
      );
      expect(defaults.map((account: { id: string }) => account.id)).toEqual([second.body.id]);
      expect(first.body.defaultUmaDepositAccount).toBe(true);
    });

    it('take no customerId and no page parameters', async () => {
      const withCustomer = await owner.post('/platform/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
      });
      expect(withCustomer.status).toBe(400);
      expect(withCustomer.body.details.errors).toEqual([
        { field: 'customerId', message: expect.any(String) },
      ]);
      expect((await owner.get('/platform/external-accounts?limit=1')).status).toBe(400);
      expect((await owner.get('/platform/external-accounts?currency=XYZ')).status).toBe(400);
    });
  });
});
