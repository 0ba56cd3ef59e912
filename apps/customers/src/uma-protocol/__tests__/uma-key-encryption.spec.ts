import { validateEnvironment } from '@payments/runtime';
import { PRODUCTION_ENVIRONMENT } from '@payments/testing';
import { randomBytes } from 'node:crypto';
import { CustomersEnvironment } from '@customers/customers.environment';

describe('UMA_KEY_ENCRYPTION_KEY', () => {
  it('attack: a production customers app without it refuses to start, so UMA keys are never stored in the clear', () => {
    expect(() => validateEnvironment(CustomersEnvironment, PRODUCTION_ENVIRONMENT)).toThrow(
      'UMA_KEY_ENCRYPTION_KEY is required in production',
    );
  });

  it('is optional locally, and must be 64 hex digits when set', () => {
    expect(validateEnvironment(CustomersEnvironment, {}).UMA_KEY_ENCRYPTION_KEY).toBe('');
    const secret = randomBytes(32).toString('hex');
    expect(
      validateEnvironment(CustomersEnvironment, {
        ...PRODUCTION_ENVIRONMENT,
        UMA_KEY_ENCRYPTION_KEY: secret,
      }),
    ).toBeTruthy();
    expect(() => validateEnvironment(CustomersEnvironment, { UMA_KEY_ENCRYPTION_KEY: 'abc' })).toThrow(
      '64 hex digits',
    );
  });
});
