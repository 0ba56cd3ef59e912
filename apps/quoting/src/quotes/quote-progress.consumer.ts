import { Controller, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { QUOTED_TRANSACTION_HEADER, TRANSACTION_EVENTS, TransactionEvent, uuidOf } from '@payments/contracts';
import { EventBatchPattern } from '@payments/messaging';
import { QuoteStore } from '@quoting/quotes/quote.store';
import { quoteTransitions } from '@quoting/quotes/quotes.service';

/** Where a quote ends once its transaction has: a refund or expiry of the payment fails the quote too. */
const QUOTE_END = {
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
  REJECTED: 'FAILED',
  EXPIRED: 'FAILED',
} as const;

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
    // In order: a quote's transaction turns PENDING before it ends.
    for (const event of events) await this.follow(event);
  }

  private async follow({ payload: { transaction } }: TransactionEvent): Promise<void> {
    if (typeof transaction.quoteId !== 'string') return;
    const transactionId = uuidOf('Transaction', transaction.id)!;
    const end = QUOTE_END[transaction.status as keyof typeof QUOTE_END];
    if (!end) {
      await this.store.confirmTransactionOf(transactionId);
      return;
    }
    const finished = await this.store.finish(transactionId, end);
    for (const quote of finished) {
      quoteTransitions.inc({ status: end });
      this.logger.log({ quoteId: quote.id, transactionId: transaction.id, status: end }, 'quote finished');
    }
  }
}
