import { ApiException } from '@payments/http';
import { NO_CUSTOMER_DETAILS } from '@customers/customers/customer.entity';
import { assertNoMissingUserInfo, missingUserInfo } from '@customers/customers/mandatory-user-info';

const NOTHING = NO_CUSTOMER_DETAILS;

const ADDRESS = { line1: '1 Main Street', postalCode: '94105', country: 'US' };

describe('missingUserInfo', () => {
  it('asks an individual for what the currencies require, in the canonical order', () => {
    expect(missingUserInfo('INDIVIDUAL', NOTHING, ['USD'])).toEqual(['FULL_NAME', 'BIRTH_DATE']);
    expect(missingUserInfo('INDIVIDUAL', NOTHING, ['EUR', 'USD'])).toEqual([
      'FULL_NAME',
      'BIRTH_DATE',
      'NATIONALITY',
      'ADDRESS',
    ]);
  });

  it('finds nothing missing once the fields are there', () => {
    const complete = {
      ...NOTHING,
      fullName: 'Jane Doe',
      birthDate: '1990-01-15',
      nationality: 'US',
      address: ADDRESS,
    };
    expect(missingUserInfo('INDIVIDUAL', complete, ['USD', 'MXN'])).toEqual([]);
    expect(missingUserInfo('INDIVIDUAL', { ...complete, address: null }, ['USD', 'MXN'])).toEqual([
      'ADDRESS',
    ]);
  });

  it("takes a business's legal name for its name and never asks it for personal data", () => {
    expect(missingUserInfo('BUSINESS', NOTHING, ['EUR'])).toEqual(['FULL_NAME', 'ADDRESS']);
    const named = { ...NOTHING, businessInfo: { legalName: 'Acme' }, address: ADDRESS };
    expect(missingUserInfo('BUSINESS', named, ['EUR'])).toEqual([]);
  });

  it('requires nothing of a platform without currencies', () => {
    expect(missingUserInfo('INDIVIDUAL', NOTHING, [])).toEqual([]);
  });
});

describe('assertNoMissingUserInfo', () => {
  it('names the missing fields in a MISSING_MANDATORY_USER_INFO error', () => {
    let thrown: unknown;
    try {
      assertNoMissingUserInfo('INDIVIDUAL', { ...NOTHING, fullName: 'Jane' }, ['GBP']);
    } catch (error) {
      thrown = error;
    }

    expect(thrown).toBeInstanceOf(ApiException);
    expect((thrown as ApiException).code).toBe('MISSING_MANDATORY_USER_INFO');
    expect((thrown as ApiException).status).toBe(400);
    expect((thrown as ApiException).details).toEqual({
      missingFields: ['BIRTH_DATE', 'NATIONALITY', 'ADDRESS'],
    });
    expect((thrown as ApiException).message).toContain('BIRTH_DATE, NATIONALITY, ADDRESS');
  });
});
