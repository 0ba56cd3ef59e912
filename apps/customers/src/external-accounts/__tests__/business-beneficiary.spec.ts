import { ApiException, FieldError } from '@payments/http';
import { CreateExternalAccountDto } from '@customers/external-accounts/dto/create-external-account.dto';
import { ExternalAccountBodyPipe } from '@customers/external-accounts/external-account-body.pipe';
import {
  accountOf,
  BUSINESS_BENEFICIARY,
  FixtureAccountType,
} from '@customers/external-accounts/__tests__/account-fixtures';

const pipe = new ExternalAccountBodyPipe(CreateExternalAccountDto);

const BANK_ACCOUNT_TYPES: FixtureAccountType[] = ['US_ACCOUNT', 'CLABE', 'PIX', 'IBAN', 'UPI'];

function withBeneficiary(beneficiary: object, accountType: FixtureAccountType = 'IBAN') {
  return {
    ...accountOf(accountType, { beneficiary }),
    customerId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  };
}

function refusalOf(body: unknown): { code: string; errors: FieldError[] } {
  try {
    pipe.transform(body);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiException);
    const { code, details } = error as ApiException;
    return { code, errors: details!.errors as FieldError[] };
  }
  throw new Error('the body was accepted');
}

describe('a business beneficiary', () => {
  it.each(BANK_ACCOUNT_TYPES)('is accepted on a %s account and kept as given', (accountType) => {
    const request = pipe.transform(withBeneficiary(BUSINESS_BENEFICIARY, accountType));
    expect(request.accountInfo).toMatchObject({ beneficiary: BUSINESS_BENEFICIARY });
  });

  it('needs only its legal name', () => {
    const request = pipe.transform(withBeneficiary({ beneficiaryType: 'BUSINESS', legalName: 'Acme' }));
    expect(request.accountInfo).toMatchObject({
      beneficiary: { beneficiaryType: 'BUSINESS', legalName: 'Acme' },
    });
  });

  it.each([
    ['no legal name', { legalName: undefined }, 'legalName'],
    ['a blank legal name', { legalName: '  ' }, 'legalName'],
    ['a legal name over 200 characters', { legalName: 'A'.repeat(201) }, 'legalName'],
    ['a tax id over 100 characters', { taxId: '1'.repeat(101) }, 'taxId'],
    ['a registration number that is no string', { registrationNumber: 42 }, 'registrationNumber'],
    [
      'an address without a city',
      { address: { ...BUSINESS_BENEFICIARY.address, city: undefined } },
      'address.city',
    ],
    ['an unknown property', { website: 'https://acme.example' }, 'website'],
    ["an individual's full name", { fullName: 'Acme Corporation' }, 'fullName'],
  ])('is refused with %s, 400 INVALID_INPUT naming the field', (_case, changes, field) => {
    expect(refusalOf(withBeneficiary({ ...BUSINESS_BENEFICIARY, ...changes }))).toEqual({
      code: 'INVALID_INPUT',
      errors: [{ field: `accountInfo.beneficiary.${field}`, message: expect.any(String) }],
    });
  });

  it('is refused under a beneficiaryType that is neither INDIVIDUAL nor BUSINESS', () => {
    const { code, errors } = refusalOf(
      withBeneficiary({ ...BUSINESS_BENEFICIARY, beneficiaryType: 'TRUST' }),
    );
    expect(code).toBe('INVALID_INPUT');
    expect(errors).toContainEqual({
      field: 'accountInfo.beneficiary.beneficiaryType',
      message: 'must be one of INDIVIDUAL, BUSINESS',
    });
  });
});
