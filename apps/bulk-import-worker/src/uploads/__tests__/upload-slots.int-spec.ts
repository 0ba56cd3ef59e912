import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { UploadSlots } from '@bulk-import/uploads/upload-slots';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('UploadSlots on the real Redis', () => {
  const redis = new Redis(REDIS_URL);
  const prefix = `upload-slots-test-${randomUUID()}`;
  const settings = { BULK_MAX_CONCURRENT_UPLOADS_PER_PLATFORM: 2, BULLMQ_PREFIX: prefix };
  const config = { get: (name: keyof typeof settings) => settings[name] } as ConfigService<
    BulkImportEnvironment,
    true
  >;
  // Two replicas: the cap holds across them.
  const otherReplicaRedis = redis.duplicate();
  const replicas = [new UploadSlots(redis, config), new UploadSlots(otherReplicaRedis, config)];
  const platform = { platformId: randomUUID(), environment: Environment.Sandbox };
  const otherPlatform = { platformId: randomUUID(), environment: Environment.Sandbox };

  beforeAll(() => Logger.overrideLogger(false));
  afterAll(async () => {
    const keys = await redis.keys(`*${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    otherReplicaRedis.disconnect();
  });

  it('refuses a platform its 3rd concurrent upload with 429 on any replica; another platform goes on; a finished upload frees its slot', async () => {
    const first = await replicas[0].acquire(platform);
    const second = await replicas[1].acquire(platform);

    await expect(replicas[0].acquire(platform)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message:
        '2 bulk uploads of this platform are running already, the most at once: retry after Retry-After seconds, or once one has finished',
      details: { maxConcurrentUploads: 2 },
      retryAfterSeconds: 10,
    });
    await expect(replicas[1].acquire(platform)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const other = await replicas[1].acquire(otherPlatform);

    await first.release();
    const third = await replicas[1].acquire(platform);
    await Promise.all([second.release(), third.release(), other.release()]);
  });
});
