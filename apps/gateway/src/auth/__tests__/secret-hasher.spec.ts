import { apiPath } from '@gateway/auth/auth.guard';
import { hashSecret, newClientCredentials, verifySecret } from '@gateway/auth/secret-hasher';

describe('secret hashing', () => {
  it('verifies the secret it hashed and nothing else', async () => {
    const { clientSecret } = newClientCredentials();
    const stored = await hashSecret(clientSecret);
    expect(stored).not.toContain(clientSecret);
    await expect(verifySecret(clientSecret, stored)).resolves.toBe(true);
    await expect(verifySecret(`${clientSecret}x`, stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashSecret('same')).not.toBe(await hashSecret('same'));
  });

  it('refuses a stored value of an unknown scheme', async () => {
    await expect(verifySecret('secret', 'plain$secret')).resolves.toBe(false);
  });

  it('issues distinct, long credentials', () => {
    const first = newClientCredentials();
    const second = newClientCredentials();
    expect(first.clientId).not.toBe(second.clientId);
    expect(first.clientSecret.length).toBeGreaterThanOrEqual(40);
  });
});

describe('apiPath', () => {
  it('strips the version prefix and the query', () => {
    expect(apiPath('/2025-10-13/customers?limit=5')).toBe('/customers');
    expect(apiPath('/2025-10-13/quotes/Quote:1/execute')).toBe('/quotes/Quote:1/execute');
  });
});
