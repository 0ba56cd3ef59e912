import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Caller, CallerAssertions, InternalApi, scopeKey } from '@payments/http';
import { BoundedCache } from '@payments/runtime';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/**
 * Found-ready answers are kept a minute: no change takes a customer's field away, but enabling a
 * currency may require one more, and the customers app serves a config up to that old.
 */
const READY_ANSWERS = { maxEntries: 50_000, ttlMs: 60_000 };

/** Whether a customer has what its currency requires before its money moves (docs/api.md#bulk-import). */
@Injectable()
export class CustomerReadinessClient extends InternalApi {
  private readonly ready = new BoundedCache<void>(READY_ANSWERS.maxEntries, { ttlMs: READY_ANSWERS.ttlMs });

  constructor(config: ConfigService<TransfersEnvironment, true>, assertions: CallerAssertions) {
    super('customers', config.get('CUSTOMERS_URL', { infer: true }), assertions);
  }

  /** 400 MISSING_MANDATORY_USER_INFO naming what the customer must supply to pay in `currency`. */
  assertReady(caller: Caller, customerId: string, currency: string): Promise<void> {
    const path = `/internal/customers/${encodeURIComponent(customerId)}/payment-readiness?currencies=${currency}`;
    return this.ready.get(scopeKey(caller, path), () => this.client.get<void>(caller, path));
  }
}
