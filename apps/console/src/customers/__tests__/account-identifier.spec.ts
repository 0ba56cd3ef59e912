import { accountIdentifier } from '@console/customers/account-identifier';

const BENEFICIARY = { beneficiaryType: 'INDIVIDUAL', fullName: 'Ada Lovelace' } as never;

describe('accountIdentifier', () => {
  it('reads each rail by its own number', () => {
    expect(
      accountIdentifier({
        accountType: 'US_ACCOUNT',
        accountNumber: '12345001',
        routingNumber: '021000021',
        accountCategory: 'CHECKING',
        beneficiary: BENEFICIARY,
      } as never),
    ).toBe('12345001 (routing 021000021)');
    expect(
      accountIdentifier({
        accountType: 'CLABE',
        clabeNumber: '002010077777777771',
        beneficiary: BENEFICIARY,
      } as never),
    ).toBe('002010077777777771');
    expect(
      accountIdentifier({
        accountType: 'IBAN',
        iban: 'DE89370400440532013000',
        beneficiary: BENEFICIARY,
      } as never),
    ).toBe('DE89370400440532013000');
    expect(accountIdentifier({ accountType: 'SPARK_WALLET', address: 'sp1qq' } as never)).toBe('sp1qq');
  });
});
