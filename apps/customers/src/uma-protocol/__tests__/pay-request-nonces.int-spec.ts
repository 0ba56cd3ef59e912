import { ApiException } from '@payments/http';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { PayRequestNonces, payRequestNonceKey } from '@customers/uma-protocol/receiving/pay-request-nonces';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('PayRequestNonces on the real Redis', () => {
  const redis = new Redis(REDIS_URL);
  // Two replicas, each with its own connection: the nonces hold across them.
  const otherReplicaRedis = redis.duplicate();
  const replica = new PayRequestNonces(redis);
  const otherReplica = new PayRequestNonces(otherReplicaRedis);
  const now = () => Math.floor(Date.now() / 1000);

  afterAll(async () => {
    await redis.quit();
    await otherReplicaRedis.quit();
  });

  it('refuses on a second replica a nonce the first has taken', async () => {
    const nonce = randomUUID();
    expect(await replica.claim('sender.example', nonce, now())).toBe(true);
    expect(await otherReplica.claim('sender.example', nonce, now())).toBe(false);
    expect(await replica.claim('sender.example', nonce, now())).toBe(false);
  });

  it("keeps one sender's nonce from another's", async () => {
    const nonce = randomUUID();
    expect(await replica.claim('one.example', nonce, now())).toBe(true);
    expect(await otherReplica.claim('two.example', nonce, now())).toBe(true);
  });

  it('keeps a nonce until its timestamp leaves the window, not longer', async () => {
    const nonce = `nonce-${randomUUID()}`;
    const signedAt = now() - 590;
    expect(await replica.claim('sender.example', nonce, signedAt)).toBe(true);
    const secondsKept = await redis.ttl(payRequestNonceKey('sender.example', nonce));
    expect(secondsKept).toBeGreaterThan(0);
    expect(secondsKept).toBeLessThanOrEqual(12);
  });

  it('refuses with 503 when Redis is not there, rather than letting a replay through', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    const failure = new PayRequestNonces(unreachable).claim('sender.example', randomUUID(), now());
    await expect(failure).rejects.toBeInstanceOf(ApiException);
    await expect(failure).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    unreachable.disconnect();
  });
});
