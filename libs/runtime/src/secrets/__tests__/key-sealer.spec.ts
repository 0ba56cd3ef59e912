import { randomBytes } from 'node:crypto';
import { KeySealer } from '../key-sealer';

const setting = 'TEST_KEY_ENCRYPTION_KEY';
const sealerOf = (secretHex: string, production = false) => new KeySealer({ setting, secretHex, production });

describe('KeySealer', () => {
  const privateKey = randomBytes(32).toString('hex');
  const secret = randomBytes(32).toString('hex');

  it('seals a private key so that the stored text does not hold it, and opens it again', () => {
    const sealer = sealerOf(secret);
    const stored = sealer.seal(privateKey);
    expect(stored).toMatch(/^aes-256-gcm:/);
    expect(stored).not.toContain(privateKey);
    expect(sealer.open(stored).toString('hex')).toBe(privateKey);
    expect(sealer.seal(privateKey)).not.toBe(stored);
  });

  it('stores keys as they are without a secret outside production, and still reads them once one is set', () => {
    expect(sealerOf('').seal(privateKey)).toBe(privateKey);
    expect(sealerOf(secret).open(privateKey).toString('hex')).toBe(privateKey);
  });

  it('refuses a sealed key without the secret, or under another one, or tampered with', () => {
    const stored = sealerOf(secret).seal(privateKey);
    expect(() => sealerOf('').open(stored)).toThrow(setting);
    expect(() => sealerOf(randomBytes(32).toString('hex')).open(stored)).toThrow();
    const flipped = stored.slice(0, -1) + (stored.endsWith('0') ? '1' : '0');
    expect(() => sealerOf(secret).open(flipped)).toThrow();
  });

  it('attack: a plaintext key written into the table is refused in production, not signed with', () => {
    expect(() => sealerOf(secret, true).open(privateKey)).toThrow(`not sealed with ${setting}`);
  });

  it('refuses to exist in production without a secret, and refuses a malformed secret anywhere', () => {
    expect(() => sealerOf('', true)).toThrow(`${setting} is required in production`);
    expect(() => sealerOf('abc')).toThrow('64 hex digits');
  });

  it('is built from an app configuration: the named setting, and production from NODE_ENV', () => {
    const configOf = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? '' });
    const stored = KeySealer.fromConfig(setting, configOf({ [setting]: secret })).seal(privateKey);
    expect(sealerOf(secret).open(stored).toString('hex')).toBe(privateKey);
    expect(() => KeySealer.fromConfig(setting, configOf({ NODE_ENV: 'production' }))).toThrow(
      `${setting} is required in production`,
    );
  });
});
