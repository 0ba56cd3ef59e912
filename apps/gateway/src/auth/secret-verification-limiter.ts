import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiException } from '@payments/http';
import pLimit from 'p-limit';
import { Counter } from 'prom-client';
import { GatewayEnvironment } from '@gateway/gateway.environment';

const refusals = new Counter({
  name: 'gateway_secret_verifications_refused_total',
  help: 'Secret checks refused with 503 because the replica already had its maximum running and queued',
});

/**
 * Caps the scrypt checks of one replica. Each costs tens of milliseconds of CPU and memory on the
 * libuv pool, so a burst of new or wrong secrets would otherwise starve every cached request: at most
 * AUTH_MAX_CONCURRENT_VERIFICATIONS run at once, AUTH_MAX_QUEUED_VERIFICATIONS wait, and the rest are
 * refused with 503 and Retry-After (docs/security.md).
 */
@Injectable()
export class SecretVerificationLimiter {
  private readonly limit: pLimit.Limit;
  private readonly capacity: number;
  /**
   * Checks running or waiting. Counted here rather than read from p-limit, whose counts move a
   * microtask after each call: a synchronous burst would pass them all.
   */
  private admitted = 0;

  constructor(config: ConfigService<GatewayEnvironment, true>) {
    const concurrency = config.get('AUTH_MAX_CONCURRENT_VERIFICATIONS', { infer: true });
    this.limit = pLimit(concurrency);
    this.capacity = concurrency + config.get('AUTH_MAX_QUEUED_VERIFICATIONS', { infer: true });
  }

  run<T>(verification: () => Promise<T>): Promise<T> {
    if (this.admitted >= this.capacity) {
      refusals.inc();
      return Promise.reject(
        // Answered with Retry-After by the error filter.
        ApiException.retryLater(
          'SERVICE_UNAVAILABLE',
          'Too many credential checks in progress; retry after Retry-After',
        ),
      );
    }
    this.admitted += 1;
    return this.limit(verification).finally(() => {
      this.admitted -= 1;
    });
  }
}
