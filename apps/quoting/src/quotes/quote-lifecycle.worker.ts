import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { WakeableSleep } from '@payments/runtime';
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
  private readonly pause = new WakeableSleep();
  private running = false;
  private loop?: Promise<void>;

  constructor(
    private readonly store: QuoteStore,
    private readonly quotes: QuotesService,
  ) {}

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.pause.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const expired = await this.store.expire();
        if (expired.length) {
          quoteTransitions.inc({ status: 'EXPIRED' }, expired.length);
          this.logger.log({ quoteIds: expired.map((quote) => quote.id) }, 'quotes expired');
        }
        for (const quote of await this.store.unconfirmedExecutions(
          UNCONFIRMED_AFTER_SECONDS,
          RECOVERY_BATCH,
        )) {
          await this.quotes.recover(quote);
        }
      } catch (error) {
        this.logger.error({ err: error }, 'quote sweep failed; retrying');
      }
      await this.pause.sleep(SWEEP_MS);
    }
  }
}
