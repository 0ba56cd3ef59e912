import { bankAccountErrors } from '@customers/external-accounts/account-info';
import { isAbaRoutingNumber } from '@customers/external-accounts/bank-identifiers';
import { sandboxLinkedAccount } from '@customers/plaid/sandbox-linked-account';

const JANE = {
  fullName: 'Jane Doe',
  businessInfo: null,
  address: { line1: '1 Main Street', postalCode: '94105', country: 'US' },
};

describe('sandboxLinkedAccount', () => {
  it('reports a checking account at a real routing number, held by the customer', () => {
    const account = sandboxLinkedAccount('public-sandbox-8f1c2d3e', undefined, JANE);

    expect(account).toEqual({
      accountType: 'US_ACCOUNT',
      accountNumber: expect.stringMatching(/^\d{12}$/),
      routingNumber: expect.stringMatching(/^\d{9}$/),
      accountCategory: 'CHECKING',
      bankName: expect.any(String),
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe', address: JANE.address },
    });
    expect(isAbaRoutingNumber(account.routingNumber)).toBe(true);
    expect(bankAccountErrors(account)).toEqual([]);
  });

  it('gives the same account for the same token and account id, another for another', () => {
    const first = sandboxLinkedAccount('public-sandbox-1', 'acc-1', JANE);
    expect(sandboxLinkedAccount('public-sandbox-1', 'acc-1', JANE)).toEqual(first);
    expect(sandboxLinkedAccount('public-sandbox-1', 'acc-2', JANE).accountNumber).not.toBe(
      first.accountNumber,
    );
    expect(sandboxLinkedAccount('public-sandbox-2', 'acc-1', JANE).accountNumber).not.toBe(
      first.accountNumber,
    );
  });

  it("ends the account number in the token's last three digits, so a tester can choose a rail failure", () => {
    expect(sandboxLinkedAccount('public-sandbox-abc-003', undefined, JANE).accountNumber).toMatch(/003$/);
    expect(sandboxLinkedAccount('public-sandbox-abc', undefined, JANE).accountNumber).toMatch(/000$/);
  });

  it('names a business by its legal name, and no beneficiary when the customer has no name', () => {
    const acme = { fullName: null, businessInfo: { legalName: 'Acme Corporation' }, address: null };
    expect(sandboxLinkedAccount('public-sandbox-1', undefined, acme).beneficiary).toEqual({
      beneficiaryType: 'INDIVIDUAL',
      fullName: 'Acme Corporation',
    });
    const nameless = { fullName: null, businessInfo: null, address: null };
    expect(sandboxLinkedAccount('public-sandbox-1', undefined, nameless)).not.toHaveProperty('beneficiary');
  });
});
