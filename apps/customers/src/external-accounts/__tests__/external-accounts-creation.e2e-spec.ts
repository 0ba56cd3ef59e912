import { ApiClient } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import {
  accountOf,
  BENEFICIARY,
  FixtureAccountType as AccountType,
  VALID_ACCOUNTS,
} from '@customers/external-accounts/__tests__/account-fixtures';
import { externalAccountsE2e } from '@customers/external-accounts/__tests__/external-accounts-e2e-kit';

describe('external accounts: creation, beneficiary check and default account', () => {
  const accounts = externalAccountsE2e();
  const { newCustomer } = accounts;
  let sandbox: ApiClient, jane: string;
  beforeAll(() => void ({ sandbox, jane } = accounts));

  describe('create', () => {
    it.each(Object.keys(VALID_ACCOUNTS) as AccountType[])(
      'adds a valid %s account for a customer, ACTIVE at once',
      async (accountType) => {
        const body = { ...accountOf(accountType), customerId: jane, platformAccountId: `ext-${accountType}` };
        const created = await sandbox.post('/customers/external-accounts', body);

        expect(created.status).toBe(201);
        const isWallet = accountType === 'SPARK_WALLET';
        expect(created.body).toEqual({
          id: expect.stringMatching(/^ExternalAccount:[0-9a-f-]{36}$/),
          status: 'ACTIVE',
          currency: body.currency,
          accountInfo: body.accountInfo,
          customerId: jane,
          platformAccountId: `ext-${accountType}`,
          defaultUmaDepositAccount: false,
          beneficiaryVerificationStatus: isWallet ? 'UNSUPPORTED' : 'MATCHED',
          ...(isWallet ? {} : { beneficiaryVerifiedData: { fullName: 'Jane Doe' } }),
          createdAt: expect.any(String),
          updatedAt: created.body.createdAt,
        });
        const listed = await sandbox.get(`/customers/external-accounts?customerId=${jane}&limit=100`);
        expect(listed.body.data).toContainEqual(created.body);
      },
    );

    it('stores an IBAN written in groups and lower case compact and upper-case', async () => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('IBAN', { iban: 'gb82 west 1234 5698 7654 32', swiftBic: 'westgb2l' }),
        customerId: jane,
      });
      expect(created.status).toBe(201);
      expect(created.body.accountInfo).toMatchObject({
        iban: 'GB82WEST12345698765432',
        swiftBic: 'WESTGB2L',
      });
    });

    it("accepts an IBAN of any registered country, such as Kuwait's", async () => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('IBAN', { iban: 'KW81CBKU0000000000001234560101', swiftBic: 'CBKUKWKW' }),
        customerId: jane,
      });
      expect(created.status).toBe(201);
      expect(created.body.accountInfo).toMatchObject({ iban: 'KW81CBKU0000000000001234560101' });
    });

    it('answers 404 USER_NOT_FOUND for an unknown, malformed or deleted customer', async () => {
      const deleted = await newCustomer();
      await sandbox.delete(`/customers/${deleted}`);

      for (const customerId of [`Customer:${randomUUID()}`, 'Customer:nope', randomUUID(), deleted]) {
        const response = await sandbox.post('/customers/external-accounts', {
          ...accountOf('US_ACCOUNT'),
          customerId,
        });
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('USER_NOT_FOUND');
      }
    });
  });

  describe('beneficiary verification', () => {
    it.each([
      ['MATCHED when the names are the same', 'JANE  doe', 'MATCHED'],
      ['PARTIAL_MATCH when only the last names are', 'John Doe', 'PARTIAL_MATCH'],
      ['NOT_MATCHED otherwise', 'John Smith', 'NOT_MATCHED'],
    ])("checks the beneficiary against the customer's name: %s", async (_case, fullName, status) => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('CLABE', { beneficiary: { ...BENEFICIARY, fullName } }),
        customerId: jane,
      });
      expect(created.body).toMatchObject({
        beneficiaryVerificationStatus: status,
        beneficiaryVerifiedData: { fullName: 'Jane Doe' },
      });
    });

    it("compares with a business's legal name", async () => {
      const acme = await sandbox.post('/customers', {
        platformCustomerId: `acme-${randomUUID().slice(0, 8)}`,
        customerType: 'BUSINESS',
        businessInfo: { legalName: 'Acme Corporation' },
      });
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('IBAN', { beneficiary: { ...BENEFICIARY, fullName: 'Acme Corporation' } }),
        customerId: acme.body.id,
      });
      expect(created.body.beneficiaryVerificationStatus).toBe('MATCHED');
    });
  });

  describe('default UMA deposit account', () => {
    async function defaultsOf(customerId: string): Promise<string[]> {
      const listed = await sandbox.get(`/customers/external-accounts?customerId=${customerId}&limit=100`);
      return listed.body.data
        .filter((account: { defaultUmaDepositAccount: boolean }) => account.defaultUmaDepositAccount)
        .map((account: { id: string }) => account.id);
    }

    it("replaces the customer's previous default, and leaves other customers' alone", async () => {
      const customer = await newCustomer();
      const other = await newCustomer();
      const add = (customerId: string, defaultUmaDepositAccount?: boolean) =>
        sandbox.post('/customers/external-accounts', {
          ...accountOf('US_ACCOUNT'),
          customerId,
          defaultUmaDepositAccount,
        });

      const othersDefault = await add(other, true);
      const first = await add(customer, true);
      expect(first.body.defaultUmaDepositAccount).toBe(true);
      expect(await defaultsOf(customer)).toEqual([first.body.id]);

      const notDefault = await add(customer);
      expect(notDefault.body.defaultUmaDepositAccount).toBe(false);
      expect(await defaultsOf(customer)).toEqual([first.body.id]);

      const second = await add(customer, true);
      expect(await defaultsOf(customer)).toEqual([second.body.id]);
      const replaced = (
        await sandbox.get(`/customers/external-accounts?customerId=${customer}`)
      ).body.data.find((account: { id: string }) => account.id === first.body.id);
      expect(Date.parse(replaced.updatedAt)).toBeGreaterThan(Date.parse(first.body.updatedAt));
      expect(await defaultsOf(other)).toEqual([othersDefault.body.id]);
    });

    it('keeps exactly one default when several are set at the same time', async () => {
      const customer = await newCustomer();
      const responses = await Promise.all(
        Array.from({ length: 6 }, () =>
          sandbox.post('/customers/external-accounts', {
            ...accountOf('US_ACCOUNT'),
            customerId: customer,
            defaultUmaDepositAccount: true,
          }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
      expect(await defaultsOf(customer)).toHaveLength(1);
    });
  });
});
