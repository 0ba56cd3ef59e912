import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiException, PlatformScope } from '@payments/http';
import { REDIS } from '@payments/runtime';
import Redis from 'ioredis';
import { Semaphore } from 'redis-semaphore';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';

/** How long a slot outlives a replica that stopped renewing it (it renews every 80% of this). */
const SLOT_LEASE_MS = 30_000;

/** When a refused upload may try again: a running upload frees its slot within seconds or minutes. */
const RETRY_AFTER_SECONDS = 10;

/** A held upload slot; give it back once the upload is stored or refused. */
export interface UploadSlot {
  release(): Promise<void>;
}

/**
 * The cap on a platform's concurrent uploads, per environment and across every replica: a
 * redis-semaphore in Redis whose leases are renewed while an upload runs and lapse if its replica
 * dies. Past BULK_MAX_CONCURRENT_UPLOADS_PER_PLATFORM the upload is refused with 429 before a byte
 * of it is read, so one platform's slow uploads cannot take every replica's sockets and disk.
 */
@Injectable()
export class UploadSlots {
  private readonly logger = new Logger(UploadSlots.name);
  private readonly limit: number;
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    config: ConfigService<BulkImportEnvironment, true>,
  ) {
    this.limit = config.get('BULK_MAX_CONCURRENT_UPLOADS_PER_PLATFORM', { infer: true });
    this.prefix = config.get('BULLMQ_PREFIX', { infer: true });
  }

  async acquire(scope: PlatformScope): Promise<UploadSlot> {
    const semaphore = new Semaphore(this.redis, this.keyOf(scope), this.limit, {
      lockTimeout: SLOT_LEASE_MS,
      acquireAttemptsLimit: 1,
      // The lease lapsed (Redis was unreachable for a while): the upload goes on, uncounted.
      onLockLost: (error) =>
        this.logger.warn({ err: error, platformId: scope.platformId }, 'upload slot lost'),
    });
    let acquired: boolean;
    try {
      acquired = await semaphore.tryAcquire();
    } catch (error) {
      // The cap is protection, not a dependency: with Redis unreachable uploads still go on.
      this.logger.warn({ err: error }, 'upload slots unreachable; the upload is not counted');
      return { release: async () => undefined };
    }
    if (!acquired) {
      const refusal = new ApiException(
        'RATE_LIMITED',
        `${this.limit} bulk uploads of this platform are running already, the most at once: retry after Retry-After seconds, or once one has finished`,
        { maxConcurrentUploads: this.limit },
      );
      refusal.retryAfterSeconds = RETRY_AFTER_SECONDS;
      throw refusal;
    }
    return { release: () => semaphore.release().catch(() => undefined) };
  }

  private keyOf(scope: PlatformScope): string {
    return `${this.prefix}:bulk-upload-slots:${scope.platformId}:${scope.environment}`;
  }
}
