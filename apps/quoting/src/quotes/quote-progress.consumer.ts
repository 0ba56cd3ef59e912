import { Controller, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  QUOTED_TRANSACTION_HEADER,
  toApiId,
  TRANSACTION_EVENTS,
  TransactionEvent,
  TransactionStatus,
  uuidOf,
} from '@payments/contracts';
import { EventBatchPattern } from '@payments/messaging';
import { QuoteEnd, QuoteStore } from '@quoting/quotes/quote.store';
import { quoteTransitions } from '@quoting/quotes/quotes.service';

/** Where a quote ends once its transaction has: a refund or expiry of the payment fails the quote too. */
const QUOTE_END: Partial<Record<TransactionStatus, QuoteEnd>> = {
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
  REJECTED: 'FAILED',
  EXPIRED: 'FAILED',
};

/**
 * Follows the transactions made from quotes. Every change is a guarded update keyed by the
 * transaction, so a redelivered event changes nothing and needs no inbox row. The topic carries every
 * transaction; the others are passed over by their selector header, undecoded.
 */
@Controller()
export class QuoteProgressConsumer {
  private readonly logger = new Logger(QuoteProgressConsumer.name);

  constructor(private readonly store: QuoteStore) {}

  @EventBatchPattern(TRANSACTION_EVENTS.name, { where: { [QUOTED_TRANSACTION_HEADER]: 'true' } })
  async onTransactionEvents(@Payload() events: TransactionEvent[]): Promise<void> {
    // One statement for the whole batch: a transaction's end, if any of its events brings one, implies
    // its confirmation, and the order of its events does not matter.
    const progress = new Map<string, QuoteEnd | null>();
    for (const event of events) {
      const { transaction } = event.payload;
      if (typeof transaction.quoteId !== 'string') continue;
      const transactionId = uuidOf('Transaction', transaction.id)!;
      progress.set(transactionId, QUOTE_END[transaction.status] ?? progress.get(transactionId) ?? null);
    }
    for (const quote of await this.store.follow(progress)) {
      quoteTransitions.inc({ status: quote.status });
      this.logger.log(
        {
          quoteId: quote.id,
          transactionId: toApiId('Transaction', quote.transactionId),
          status: quote.status,
        },
        'quote finished',
      );
    }
  }
}
