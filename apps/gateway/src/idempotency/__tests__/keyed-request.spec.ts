import type { FastifyRequest } from 'fastify';
import { keyedRequestOf } from '@gateway/idempotency/keyed-request';

const request = (key: string | undefined, body: unknown = { amount: 1 }, url = '/2025-10-13/transfer-out') =>
  ({
    method: 'POST',
    url,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  }) as unknown as FastifyRequest;

describe('keyedRequestOf', () => {
  it('is undefined without a key', () => {
    expect(keyedRequestOf(request(undefined))).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['over 255 characters', 'k'.repeat(256)],
  ])('refuses a key %s as INVALID_INPUT', (_case, key) => {
    expect(() => keyedRequestOf(request(key))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('passes on a digest of the key, never the key itself', () => {
    const keyed = keyedRequestOf(request('my key'))!;

    expect(keyed.key).toBe('my key');
    expect(keyed.keyDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(keyedRequestOf(request('my key', { amount: 2 }))!.keyDigest).toBe(keyed.keyDigest);
  });

  it('hashes the request so that the same key with another body or path is told apart', () => {
    const hashOf = (body: unknown, url?: string) => keyedRequestOf(request('k', body, url))!.requestHash;

    expect(hashOf({ amount: 1 })).toBe(hashOf({ amount: 1 }));
    expect(hashOf({ amount: 2 })).not.toBe(hashOf({ amount: 1 }));
    expect(hashOf({ amount: 1 }, '/2025-10-13/transfer-in')).not.toBe(hashOf({ amount: 1 }));
  });
});
