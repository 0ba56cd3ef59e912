import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  secret: string,
  salt: Buffer,
  length: number,
  options: object,
) => Promise<Buffer>;

/** scrypt cost parameters: ~50 ms a hash on one core, far too slow to brute-force a leaked table. */
const COST = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(secret, salt, KEY_LENGTH, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !expected) return false;
  const expectedHash = Buffer.from(expected, 'base64url');
  const hash = await scryptAsync(secret, Buffer.from(salt, 'base64url'), expectedHash.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: COST.maxmem,
  });
  return timingSafeEqual(hash, expectedHash);
}

export function newClientCredentials(): { clientId: string; clientSecret: string } {
  return { clientId: randomBytes(16).toString('hex'), clientSecret: randomBytes(32).toString('base64url') };
}
