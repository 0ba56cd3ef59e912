/** A complete individual beneficiary, as a platform sends it. */
export const BENEFICIARY = {
  beneficiaryType: 'INDIVIDUAL',
  fullName: 'Jane Doe',
  birthDate: '1990-01-15',
  nationality: 'US',
  address: { line1: '1 Main Street', city: 'Seattle', state: 'WA', postalCode: '98101', country: 'US' },
} as const;

/** A complete business beneficiary, every optional field given. */
export const BUSINESS_BENEFICIARY = {
  beneficiaryType: 'BUSINESS',
  legalName: 'Acme Corporation',
  registrationNumber: 'HRB 12345',
  taxId: '12-3456789',
  address: { line1: '2 Market Street', city: 'Seattle', state: 'WA', postalCode: '98101', country: 'US' },
} as const;

/** A valid create body of each account type (customerId aside), in a currency its rail carries. */
export const VALID_ACCOUNTS = {
  US_ACCOUNT: {
    currency: 'USD',
    accountInfo: {
      accountType: 'US_ACCOUNT',
      accountNumber: '123456789',
      routingNumber: '021000021',
      accountCategory: 'CHECKING',
      bankName: 'Chase Bank',
      beneficiary: BENEFICIARY,
    },
  },
  CLABE: {
    currency: 'MXN',
    accountInfo: { accountType: 'CLABE', clabeNumber: '002010077777777771', beneficiary: BENEFICIARY },
  },
  PIX: {
    currency: 'BRL',
    accountInfo: { accountType: 'PIX', pixKey: '52998224725', pixKeyType: 'CPF', beneficiary: BENEFICIARY },
  },
  IBAN: {
    currency: 'EUR',
    accountInfo: {
      accountType: 'IBAN',
      iban: 'DE89370400440532013000',
      swiftBic: 'DEUTDEFF',
      bankName: 'Deutsche Bank',
      beneficiary: BENEFICIARY,
    },
  },
  UPI: {
    currency: 'INR',
    accountInfo: { accountType: 'UPI', vpa: 'jane.doe@okbank', beneficiary: BENEFICIARY },
  },
  SPARK_WALLET: {
    currency: 'BTC',
    accountInfo: {
      accountType: 'SPARK_WALLET',
      address: 'spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu',
    },
  },
} as const;

export type FixtureAccountType = keyof typeof VALID_ACCOUNTS;

/** The valid body of `accountType` with `changes` to its accountInfo. */
export function accountOf(accountType: FixtureAccountType, changes: object = {}) {
  const { currency, accountInfo } = VALID_ACCOUNTS[accountType];
  return { currency, accountInfo: { ...accountInfo, ...changes } };
}
