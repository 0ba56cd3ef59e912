import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PollingLoop } from '@payments/runtime';
import { QuoteStore } from '@quoting/quotes/quote.store';
import { quoteTransitions, QuotesService } from '@quoting/quotes/quotes.service';

/** Bounds how long a quote past expiresAt still shows PENDING. */
const SWEEP_MS = 1_000;
/** Far longer than an execution request can take (one transfers call of at most 10 s). */
const UNCONFIRMED_AFTER_SECONDS = 30;
const RECOVERY_BATCH = 50;

/**
 * Runs on every replica: quotes expire on their own (no client call needed, decisions.md), and an
 * execution whose request died before transfers confirmed its transaction is asked for again.
 * Both are guarded updates, so replicas sweeping side by side change each quote once.
 */
@Injectable()
export class QuoteLifecycleWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(QuoteLifecycleWorker.name);
  private readonly loop = new PollingLoop(this.logger, 'the quote sweep', () => this.sweep(), {
    idleMs: SWEEP_MS,
    errorMs: SWEEP_MS,
  });

  constructor(
    private readonly store: QuoteStore,
    private readonly quotes: QuotesService,
  ) {}

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }

  private async sweep(): Promise<boolean> {
    const expired = await this.store.expire();
    if (expired.length) {
      quoteTransitions.inc({ status: 'EXPIRED' }, expired.length);
      this.logger.log({ quoteIds: expired.map((quote) => quote.id) }, 'quotes expired');
    }
    for (const quote of await this.store.unconfirmedExecutions(UNCONFIRMED_AFTER_SECONDS, RECOVERY_BATCH)) {
      await this.quotes.recover(quote);
    }
    return false;
  }
}
