import { AccountInfo, Beneficiary } from '@customers/external-accounts/account-info';
import { compareNames, verifyBeneficiary } from '@customers/external-accounts/beneficiary-verification';

function usAccountPaying(beneficiary: Beneficiary): AccountInfo {
  return {
    accountType: 'US_ACCOUNT',
    accountNumber: '123456789',
    routingNumber: '021000021',
    accountCategory: 'CHECKING',
    beneficiary,
  };
}

function usAccountFor(fullName: string): AccountInfo {
  return usAccountPaying({ beneficiaryType: 'INDIVIDUAL', fullName });
}

const JANE = { fullName: 'Jane Doe', businessInfo: null };

describe('compareNames', () => {
  it.each([
    ['the same name', 'Jane Doe', 'Jane Doe'],
    ['other case, spacing and accents', '  JANE   DOÉ ', 'Jane Doe'],
    ['other punctuation', "Mary-Jane O'Neil", 'mary jane o neil'],
  ])('matches %s', (_case, given, onFile) => {
    expect(compareNames(given, onFile)).toBe('MATCHED');
  });

  it.each([
    ['another first name', 'John Doe', 'Jane Doe'],
    ['a middle name the other lacks', 'Jane Michael Doe', 'Jane Doe'],
    ['an initial', 'J. Doe', 'Jane Doe'],
  ])('partly matches %s with the same last name', (_case, given, onFile) => {
    expect(compareNames(given, onFile)).toBe('PARTIAL_MATCH');
  });

  it.each([
    ['another last name', 'Jane Smith', 'Jane Doe'],
    ['the names swapped', 'Doe Jane', 'Jane Doe'],
    ['no name on file', 'Jane Doe', null],
    ['no name given', undefined, 'Jane Doe'],
    ['a name of punctuation only', '--', 'Jane Doe'],
  ])('does not match %s', (_case, given, onFile) => {
    expect(compareNames(given, onFile)).toBe('NOT_MATCHED');
  });
});

describe('verifyBeneficiary', () => {
  it("checks a customer's account against the customer's name and reports that name as verified", () => {
    expect(verifyBeneficiary(usAccountFor('Jane Doe'), JANE)).toEqual({
      status: 'MATCHED',
      verifiedName: 'Jane Doe',
    });
    expect(verifyBeneficiary(usAccountFor('John Doe'), JANE)).toEqual({
      status: 'PARTIAL_MATCH',
      verifiedName: 'Jane Doe',
    });
    expect(verifyBeneficiary(usAccountFor('John Smith'), JANE)).toEqual({
      status: 'NOT_MATCHED',
      verifiedName: 'Jane Doe',
    });
  });

  it("takes a business's legal name as its name", () => {
    const acme = { fullName: null, businessInfo: { legalName: 'Acme Corporation' } };
    expect(verifyBeneficiary(usAccountFor('Acme Corporation'), acme).status).toBe('MATCHED');
  });

  it("compares a business beneficiary's legal name", () => {
    const acme = { fullName: null, businessInfo: { legalName: 'Acme Corporation' } };
    const paying = (legalName: string) => usAccountPaying({ beneficiaryType: 'BUSINESS', legalName });
    expect(verifyBeneficiary(paying('ACME corporation'), acme).status).toBe('MATCHED');
    expect(verifyBeneficiary(paying('Globex Corporation'), acme).status).toBe('PARTIAL_MATCH');
    expect(verifyBeneficiary(paying('Globex Inc'), acme).status).toBe('NOT_MATCHED');
  });

  it('reports no verified name when the customer has none on file', () => {
    expect(verifyBeneficiary(usAccountFor('Jane Doe'), { fullName: null, businessInfo: null })).toEqual({
      status: 'NOT_MATCHED',
      verifiedName: null,
    });
  });

  it("leaves the platform's own bank accounts to the receiving institution", () => {
    expect(verifyBeneficiary(usAccountFor('Jane Doe'), null)).toEqual({
      status: 'CHECKED_BY_RECEIVING_FI',
      verifiedName: null,
    });
  });

  it.each([
    ['a customer', JANE],
    ['the platform', null],
  ])('cannot check a wallet of %s', (_case, owner) => {
    expect(verifyBeneficiary({ accountType: 'SPARK_WALLET', address: 'spark1abc' }, owner)).toEqual({
      status: 'UNSUPPORTED',
      verifiedName: null,
    });
  });
});
