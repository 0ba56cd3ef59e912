import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Caller, CallerAssertions, InternalApi, scopeKey } from '@payments/http';
import { BoundedCache } from '../caching/bounded-cache';

/**
 * Ready answers are kept a minute: no change takes a customer's field away, but enabling a currency
 * may require one more, and the customers app serves a platform's config from a cache up to that old.
 */
const READY_ANSWERS = { maxEntries: 50_000, ttlMs: 60_000 };

/**
 * Asks the customers app whether a customer has what its payment's currencies require before its
 * money moves: a customer imported without them is refused (docs/api.md#bulk-import). Quoting and
 * transfers both ask, so the answer and its cache are one class.
 */
@Injectable()
export class CustomerReadinessClient extends InternalApi {
  private readonly ready = new BoundedCache<void>(READY_ANSWERS.maxEntries, { ttlMs: READY_ANSWERS.ttlMs });

  constructor(config: ConfigService<{ CUSTOMERS_URL: string }, true>, assertions: CallerAssertions) {
    super('customers', config.get('CUSTOMERS_URL', { infer: true }), assertions);
  }

  /** 400 MISSING_MANDATORY_USER_INFO naming what the customer must supply to pay in `currencies`. */
  assertReady(caller: Caller, customerId: string, currencies: string[]): Promise<void> {
    const list = [...new Set(currencies)].sort().join(',');
    const path = `/internal/customers/${encodeURIComponent(customerId)}/payment-readiness?currencies=${list}`;
    return this.ready.get(scopeKey(caller, path), () => this.client.get<void>(caller, path));
  }
}
