import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { toApiId } from '@payments/contracts';
import { handleEach, isSystemicFault, ItemFailure, PollingWorker } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { Quote } from '@quoting/quotes/quote.entity';
import { QuoteStore } from '@quoting/quotes/quote.store';
import { quoteTransitions, QuotesService } from '@quoting/quotes/quotes.service';

/** Bounds how long a quote past expiresAt still shows PENDING. */
const SWEEP_MS = 1_000;
/** Far longer than an execution request can take (one transfers call of at most 10 s). */
const UNCONFIRMED_AFTER_SECONDS = 30;
const RECOVERY_BATCH = 50;
/** How many quotes are expired one by one after the statement that expires them all failed. */
const EXPIRY_ONE_BY_ONE = 200;

/**
 * Runs on every replica: quotes expire on their own (no client call needed), and an execution whose
 * request died before transfers confirmed its transaction is asked for again. Both are guarded
 * updates, so replicas sweeping side by side change each quote once. A quote the sweep keeps failing
 * on is parked and the others go on; a systemic fault only delays the next sweep.
 */
@Injectable()
export class QuoteLifecycleWorker extends PollingWorker {
  private readonly parking = this.declareLoop({
    name: 'quote-lifecycle',
    work: 'the quote sweep',
    table: { table: 'quotes', key: 'id', keyType: 'uuid' },
    tick: () => this.sweep(),
    idleMs: SWEEP_MS,
    errorMs: SWEEP_MS,
  }).parking;

  constructor(
    private readonly store: QuoteStore,
    private readonly quotes: QuotesService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    super();
  }

  private async sweep(): Promise<boolean> {
    const expired = await this.expireDue();
    if (expired.length) {
      quoteTransitions.inc({ status: 'EXPIRED' }, expired.length);
      this.logger.log({ quoteIds: expired.map((quote) => quote.id) }, 'quotes expired');
    }
    const unconfirmed = await this.store.unconfirmedExecutions(UNCONFIRMED_AFTER_SECONDS, RECOVERY_BATCH);
    const failures = await handleEach(unconfirmed, (quote) => this.quotes.recover(quote));
    await this.parking.recordFailures(this.dataSource, failures.map(failedQuote));
    return false;
  }

  /**
   * One statement expires every due quote; when a quote makes it fail, the quotes are expired one by
   * one instead, so that only that one fails, and it is parked at once: the same update would fail
   * again.
   */
  private async expireDue(): Promise<Quote[]> {
    try {
      return await this.store.expire();
    } catch (error) {
      if (isSystemicFault(error)) throw error;
      const expired: Quote[] = [];
      const ids = await this.store.expiredPendingIds(EXPIRY_ONE_BY_ONE);
      const failures = await handleEach(
        ids,
        async (id) => void expired.push(...(await this.store.expire(id))),
      );
      await this.parking.park(
        this.dataSource,
        failures.map(({ item, error: failure }) => failedQuote({ item: { id: item }, error: failure })),
      );
      return expired;
    }
  }
}

function failedQuote({ item, error }: ItemFailure<Pick<Quote, 'id'>>) {
  return { key: item.id, ids: { quoteId: toApiId('Quote', item.id) }, error };
}
