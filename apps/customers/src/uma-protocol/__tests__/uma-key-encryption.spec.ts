import { validateEnvironment } from '@payments/runtime';
import { randomBytes } from 'node:crypto';
import { CustomersEnvironment } from '@customers/customers.environment';

describe('UMA_KEY_ENCRYPTION_KEY', () => {
  it('attack: a production customers app without it refuses to start, so UMA keys are never stored in the clear', () => {
    expect(() => validateEnvironment(CustomersEnvironment, { NODE_ENV: 'production' })).toThrow(
      'UMA_KEY_ENCRYPTION_KEY is required in production',
    );
  });

  it('is optional locally, and must be 64 hex digits when set', () => {
    expect(validateEnvironment(CustomersEnvironment, {}).UMA_KEY_ENCRYPTION_KEY).toBe('');
    const secret = randomBytes(32).toString('hex');
    const production = { NODE_ENV: 'production', INTERNAL_AUTH_SECRET: randomBytes(32).toString('base64') };
    expect(
      validateEnvironment(CustomersEnvironment, { ...production, UMA_KEY_ENCRYPTION_KEY: secret }),
    ).toBeTruthy();
    expect(() => validateEnvironment(CustomersEnvironment, { UMA_KEY_ENCRYPTION_KEY: 'abc' })).toThrow(
      '64 hex digits',
    );
  });
});
