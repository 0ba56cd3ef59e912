import { randomBytes } from 'node:crypto';
import { KeySealer } from '@customers/uma-protocol/keys/key-sealer';

describe('KeySealer', () => {
  const privateKey = randomBytes(32).toString('hex');
  const secret = randomBytes(32).toString('hex');

  it('seals a private key so that the stored text does not hold it, and opens it again', () => {
    const sealer = new KeySealer(secret);
    const stored = sealer.seal(privateKey);
    expect(stored).toMatch(/^aes-256-gcm:/);
    expect(stored).not.toContain(privateKey);
    expect(sealer.open(stored).toString('hex')).toBe(privateKey);
    expect(sealer.seal(privateKey)).not.toBe(stored);
  });

  it('stores keys as they are without a secret, and still reads them once one is set', () => {
    expect(new KeySealer('').seal(privateKey)).toBe(privateKey);
    expect(new KeySealer(secret).open(privateKey).toString('hex')).toBe(privateKey);
  });

  it('refuses a sealed key without the secret, or under another one', () => {
    const stored = new KeySealer(secret).seal(privateKey);
    expect(() => new KeySealer('').open(stored)).toThrow('UMA_KEY_ENCRYPTION_KEY');
    expect(() => new KeySealer(randomBytes(32).toString('hex')).open(stored)).toThrow();
  });
});
