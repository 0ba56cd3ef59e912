import { ApiClient } from '@payments/testing';
import {
  accountOf,
  BENEFICIARY,
  FixtureAccountType as AccountType,
  VALID_ACCOUNTS,
} from '@customers/external-accounts/__tests__/account-fixtures';
import { externalAccountsE2e } from '@customers/external-accounts/__tests__/external-accounts-e2e-kit';

describe('external accounts: validation', () => {
  const accounts = externalAccountsE2e();
  let sandbox: ApiClient, jane: string;
  beforeAll(() => void ({ sandbox, jane } = accounts));

  describe('create', () => {
    it.each([
      [
        'a routing number with a bad ABA check digit',
        'US_ACCOUNT',
        { routingNumber: '021000022' },
        'routingNumber',
      ],
      ['a routing number of 8 digits', 'US_ACCOUNT', { routingNumber: '02100002' }, 'routingNumber'],
      ['an account number with letters', 'US_ACCOUNT', { accountNumber: '12345abc' }, 'accountNumber'],
      ['a CLABE with a bad check digit', 'CLABE', { clabeNumber: '002010077777777772' }, 'clabeNumber'],
      ['a CLABE of 17 digits', 'CLABE', { clabeNumber: '00201007777777777' }, 'clabeNumber'],
      ['a CPF with bad check digits', 'PIX', { pixKey: '52998224726' }, 'pixKey'],
      ['a CNPJ with bad check digits', 'PIX', { pixKey: '11222333000182', pixKeyType: 'CNPJ' }, 'pixKey'],
      ['a CPF given as a CNPJ', 'PIX', { pixKey: '52998224725', pixKeyType: 'CNPJ' }, 'pixKey'],
      ['a malformed email key', 'PIX', { pixKey: 'jane.doe', pixKeyType: 'EMAIL' }, 'pixKey'],
      ['a phone key outside Brazil', 'PIX', { pixKey: '+14155551234', pixKeyType: 'PHONE' }, 'pixKey'],
      ['a random key that is no UUID', 'PIX', { pixKey: 'abc-123', pixKeyType: 'RANDOM' }, 'pixKey'],
      ['an IBAN failing mod 97', 'IBAN', { iban: 'DE89370400440532013001' }, 'iban'],
      ['an IBAN of the wrong length for its country', 'IBAN', { iban: 'DE543704004405320130001' }, 'iban'],
      ['a Kuwaiti IBAN failing mod 97', 'IBAN', { iban: 'KW81CBKU0000000000001234560102' }, 'iban'],
      ['a Qatari IBAN one character short', 'IBAN', { iban: 'QA85DOHB00001234567890ABCDEF' }, 'iban'],
      ['a malformed BIC', 'IBAN', { swiftBic: 'DEUT' }, 'swiftBic'],
      ['a VPA without a handle', 'UPI', { vpa: 'jane.doe' }, 'vpa'],
      ['an empty wallet address', 'SPARK_WALLET', { address: '' }, 'address'],
    ] as [string, AccountType, object, string][])(
      'refuses %s with 400 INVALID_BANK_ACCOUNT naming the field',
      async (_case, accountType, changes, field) => {
        const response = await sandbox.post('/customers/external-accounts', {
          ...accountOf(accountType, changes),
          customerId: jane,
        });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ status: 400, code: 'INVALID_BANK_ACCOUNT' });
        expect(response.body.details.errors).toEqual([
          { field: `accountInfo.${field}`, message: expect.any(String) },
        ]);
      },
    );

    it('refuses a malformed body with 400 INVALID_INPUT, listing every bad field at once', async () => {
      const response = await sandbox.post('/customers/external-accounts', {
        currency: 'XYZ',
        accountInfo: {
          ...VALID_ACCOUNTS.US_ACCOUNT.accountInfo,
          routingNumber: 21000021,
          accountCategory: 'GOLD',
        },
        defaultUmaDepositAccount: 'yes',
        nickname: 'main',
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
      expect(response.body.details.errors.map((error: { field: string }) => error.field).sort()).toEqual(
        [
          'nickname',
          'currency',
          'defaultUmaDepositAccount',
          'accountInfo.routingNumber',
          'accountInfo.accountCategory',
        ].sort(),
      );
    });

    it.each([
      ['no currency', { currency: undefined }, 'currency'],
      ['no accountInfo', { accountInfo: undefined }, 'accountInfo'],
      [
        'an unknown accountType',
        { accountInfo: { accountType: 'CARD', cardNumber: '4111' } },
        'accountInfo.accountType',
      ],
      [
        'a missing identifier',
        { accountInfo: { accountType: 'CLABE', beneficiary: BENEFICIARY } },
        'accountInfo.clabeNumber',
      ],
      [
        'an unknown pixKeyType',
        { accountInfo: accountOf('PIX', { pixKeyType: 'IBAN' }).accountInfo },
        'accountInfo.pixKeyType',
      ],
    ])('refuses a body with %s with 400 INVALID_INPUT naming the field', async (_case, changes, field) => {
      const response = await sandbox.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
        ...changes,
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
      expect(response.body.details.errors).toEqual([{ field, message: expect.any(String) }]);
    });

    it('requires a complete individual beneficiary of every bank account type', async () => {
      for (const accountType of ['US_ACCOUNT', 'CLABE', 'PIX', 'IBAN', 'UPI'] as const) {
        const missing = await sandbox.post('/customers/external-accounts', {
          ...accountOf(accountType, { beneficiary: undefined }),
          customerId: jane,
        });
        expect(missing.status).toBe(400);
        expect(missing.body.details.errors).toEqual([
          { field: 'accountInfo.beneficiary', message: expect.any(String) },
        ]);
      }

      const incomplete = await sandbox.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT', {
          beneficiary: {
            ...BENEFICIARY,
            birthDate: undefined,
            beneficiaryType: 'TRUST',
            nationality: 'USA',
            address: { line1: '1 Main Street', postalCode: '98101', country: 'US' },
          },
        }),
        customerId: jane,
      });
      expect(incomplete.status).toBe(400);
      expect(incomplete.body.code).toBe('INVALID_INPUT');
      expect(incomplete.body.details.errors.map((error: { field: string }) => error.field).sort()).toEqual(
        [
          'accountInfo.beneficiary.beneficiaryType',
          'accountInfo.beneficiary.birthDate',
          'accountInfo.beneficiary.nationality',
          'accountInfo.beneficiary.address.city',
          'accountInfo.beneficiary.address.state',
        ].sort(),
      );
    });

    it('refuses a beneficiary on a wallet, which has no account holder to pay', async () => {
      const response = await sandbox.post('/customers/external-accounts', {
        ...accountOf('SPARK_WALLET', { beneficiary: BENEFICIARY }),
        customerId: jane,
      });
      expect(response.status).toBe(400);
      expect(response.body.details.errors).toEqual([
        {
          field: 'accountInfo.beneficiary',
          message: expect.stringContaining('is not a field this endpoint takes'),
        },
      ]);
    });
  });
});
