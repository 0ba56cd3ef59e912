import { PRODUCTION_ENVIRONMENT } from '@payments/testing';
import { randomBytes } from 'node:crypto';
import { CommonEnvironment, validateEnvironment } from '../../config/environment';
import { IsSealingKey } from '../sealing-key.validator';

class SealingEnvironment extends CommonEnvironment {
  @IsSealingKey()
  TEST_KEY_ENCRYPTION_KEY = '';
}

describe('IsSealingKey', () => {
  const secret = randomBytes(32).toString('hex');
  /** What else a production app needs (CommonEnvironment), so that only the sealing key is at stake. */
  const production = PRODUCTION_ENVIRONMENT;

  it('lets a local stack start without a key, and accepts 64 hex digits', () => {
    expect(validateEnvironment(SealingEnvironment, {}).TEST_KEY_ENCRYPTION_KEY).toBe('');
    expect(
      validateEnvironment(SealingEnvironment, { TEST_KEY_ENCRYPTION_KEY: secret }).TEST_KEY_ENCRYPTION_KEY,
    ).toBe(secret);
  });

  it('attack: a production app without the key refuses to start, naming the setting', () => {
    expect(() => validateEnvironment(SealingEnvironment, production)).toThrow(
      'TEST_KEY_ENCRYPTION_KEY is required in production',
    );
    expect(
      validateEnvironment(SealingEnvironment, { ...production, TEST_KEY_ENCRYPTION_KEY: secret })
        .TEST_KEY_ENCRYPTION_KEY,
    ).toBe(secret);
  });

  it('refuses a key that is not 64 hex digits', () => {
    expect(() => validateEnvironment(SealingEnvironment, { TEST_KEY_ENCRYPTION_KEY: 'not-hex' })).toThrow(
      'TEST_KEY_ENCRYPTION_KEY must be 64 hex digits',
    );
  });
});
