import { ApiException } from '@payments/http';
import { assertPayerData } from '@quoting/receivers/uma-quote-destinations';

const REQUIRED = [
  { name: 'FULL_NAME', mandatory: true },
  { name: 'BIRTH_DATE', mandatory: true },
  { name: 'NATIONALITY', mandatory: false },
];

function failure(info: Record<string, unknown>): ApiException {
  try {
    assertPayerData(REQUIRED, info);
  } catch (error) {
    return error as ApiException;
  }
  throw new Error('accepted');
}

describe('senderCustomerInfo against a lookup’s requiredPayerDataFields', () => {
  it('accepts every mandatory field present; optional ones may be missing', () => {
    expect(() =>
      assertPayerData(REQUIRED, { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1985-12-10' }),
    ).not.toThrow();
    expect(() => assertPayerData([], {})).not.toThrow();
  });

  it('names every missing or blank mandatory field in a 400 MISSING_MANDATORY_USER_INFO', () => {
    const error = failure({ FULL_NAME: '  ', NATIONALITY: 'GB' });
    expect(error.code).toBe('MISSING_MANDATORY_USER_INFO');
    expect(error.details).toEqual({ missingFields: ['FULL_NAME', 'BIRTH_DATE'] });
    expect(error.message).toContain('FULL_NAME, BIRTH_DATE');
  });
});
