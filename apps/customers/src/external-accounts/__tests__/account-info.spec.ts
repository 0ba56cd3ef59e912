import {
  AccountInfo,
  bankAccountErrors,
  isPullCapable,
  primaryIdentifierOf,
} from '@customers/external-accounts/account-info';
import { BENEFICIARY, VALID_ACCOUNTS } from '@customers/external-accounts/__tests__/account-fixtures';

const { US_ACCOUNT, CLABE, PIX, IBAN, UPI, SPARK_WALLET } = VALID_ACCOUNTS;
const VALID = {
  US_ACCOUNT: US_ACCOUNT.accountInfo,
  CLABE: CLABE.accountInfo,
  PIX: PIX.accountInfo,
  IBAN: IBAN.accountInfo,
  UPI: UPI.accountInfo,
  SPARK_WALLET: SPARK_WALLET.accountInfo,
} satisfies Record<AccountInfo['accountType'], AccountInfo>;

describe('bankAccountErrors', () => {
  it.each(Object.values(VALID))('finds nothing wrong with a valid $accountType account', (info) => {
    expect(bankAccountErrors(info)).toEqual([]);
  });

  it.each([
    [
      'US_ACCOUNT',
      { ...VALID.US_ACCOUNT, accountNumber: '12ab', routingNumber: '021000022' },
      ['accountNumber', 'routingNumber'],
    ],
    ['CLABE', { ...VALID.CLABE, clabeNumber: '002010077777777772' }, ['clabeNumber']],
    ['PIX', { ...VALID.PIX, pixKeyType: 'CNPJ' }, ['pixKey']],
    ['IBAN', { ...VALID.IBAN, iban: 'DE89370400440532013001', swiftBic: 'DEUT' }, ['iban', 'swiftBic']],
    ['UPI', { ...VALID.UPI, vpa: 'jane.doe' }, ['vpa']],
    ['SPARK_WALLET', { ...VALID.SPARK_WALLET, address: '' }, ['address']],
  ] as [string, AccountInfo, string[]][])(
    'names every bad identifier of a %s account',
    (_type, info, fields) => {
      expect(bankAccountErrors(info).map((error) => error.field)).toEqual(
        fields.map((field) => `accountInfo.${field}`),
      );
    },
  );

  it('names the key type a PIX key fails', () => {
    expect(bankAccountErrors({ ...VALID.PIX, pixKeyType: 'PHONE' })).toEqual([
      { field: 'accountInfo.pixKey', message: expect.stringContaining('pixKeyType PHONE') },
    ]);
  });

  it('accepts an IBAN without a BIC', () => {
    expect(
      bankAccountErrors({ accountType: 'IBAN', iban: 'NL91ABNA0417164300', beneficiary: BENEFICIARY }),
    ).toEqual([]);
  });
});

describe('primaryIdentifierOf', () => {
  it.each([
    ['US_ACCOUNT', '123456789'],
    ['CLABE', '002010077777777771'],
    ['PIX', '52998224725'],
    ['IBAN', 'DE89370400440532013000'],
    ['UPI', 'jane.doe@okbank'],
    ['SPARK_WALLET', SPARK_WALLET.accountInfo.address],
  ] as const)('is what a %s account is paid to: %s', (accountType, identifier) => {
    expect(primaryIdentifierOf(VALID[accountType])).toBe(identifier);
  });
});

describe('isPullCapable', () => {
  it('holds for US accounts (ACH pull) only', () => {
    expect(Object.values(VALID).filter(isPullCapable)).toEqual([VALID.US_ACCOUNT]);
  });
});
