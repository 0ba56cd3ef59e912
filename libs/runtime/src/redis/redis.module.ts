import { Global, Inject, Injectable, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import { CommonEnvironment } from '../config/environment';
import { ReadinessRegistry } from '../health/readiness';
import { redisUrlOf } from './redis-auth';

export const REDIS = Symbol('REDIS');

@Injectable()
class RedisLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.readiness.register('redis', () => this.redis.ping());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One shared ioredis connection per app, probed by /ready. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [ConfigService],
      useFactory: (config: ConfigService<CommonEnvironment, true>) =>
        new Redis(
          redisUrlOf({
            REDIS_URL: config.get('REDIS_URL', { infer: true }),
            REDIS_PASSWORD: config.get('REDIS_PASSWORD', { infer: true }),
          }),
          {
            maxRetriesPerRequest: 3,
            enableOfflineQueue: true,
          },
        ),
    },
    RedisLifecycle,
  ],
  exports: [REDIS],
})
export class RedisModule {}
