import Redis from 'ioredis';
import { redisUrlOf } from '../redis-auth';

/** The password ioredis would authenticate with, for a client of `url` (no connection made). */
const passwordDialled = (url: string) => new Redis(url, { lazyConnect: true }).options.password;

describe('redisUrlOf', () => {
  it('authenticates with REDIS_PASSWORD, over a password in REDIS_URL', () => {
    expect(passwordDialled(redisUrlOf({ REDIS_URL: 'redis://redis:6379', REDIS_PASSWORD: 's3cret' }))).toBe(
      's3cret',
    );
    expect(
      passwordDialled(
        redisUrlOf({ REDIS_URL: 'redis://:from-url@redis:6379/2', REDIS_PASSWORD: 'from-secret' }),
      ),
    ).toBe('from-secret');
  });

  it('keeps characters a URL would take apart', () => {
    expect(
      passwordDialled(redisUrlOf({ REDIS_URL: 'rediss://redis:6380', REDIS_PASSWORD: 'p@ss:w/rd#1' })),
    ).toBe('p@ss:w/rd#1');
  });

  it('leaves REDIS_URL as it is without REDIS_PASSWORD (local stacks, or credentials in the URL)', () => {
    expect(redisUrlOf({ REDIS_URL: 'redis://:from-url@redis:6379', REDIS_PASSWORD: '' })).toBe(
      'redis://:from-url@redis:6379',
    );
  });
});
