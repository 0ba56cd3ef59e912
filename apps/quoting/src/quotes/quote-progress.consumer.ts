import { Controller, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  QUOTED_TRANSACTION_HEADER,
  toApiId,
  TRANSACTION_EVENTS,
  TransactionEvent,
  uuidOf,
} from '@payments/contracts';
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
type QuoteEnd = (typeof QUOTE_END)[keyof typeof QUOTE_END];

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
    const confirmed: string[] = [];
    const ended = new Map<QuoteEnd, string[]>();
    for (const event of events) {
      const { transaction } = event.payload;
      if (typeof transaction.quoteId !== 'string') continue;
      const transactionId = uuidOf('Transaction', transaction.id)!;
      const end: QuoteEnd | undefined = QUOTE_END[transaction.status as keyof typeof QUOTE_END];
      if (!end) confirmed.push(transactionId);
      else if (ended.has(end)) ended.get(end)!.push(transactionId);
      else ended.set(end, [transactionId]);
    }
    // One statement per kind of change for the whole batch: the order of a quote's events does not
    // matter, since confirming leaves the status alone and a quote ends only from PROCESSING.
    await this.store.confirmTransactionsOf(confirmed);
    for (const [end, transactionIds] of ended) {
      const finished = await this.store.finish(transactionIds, end);
      quoteTransitions.inc({ status: end }, finished.length);
      for (const quote of finished) {
        this.logger.log(
          { quoteId: quote.id, transactionId: toApiId('Transaction', quote.transactionId), status: end },
          'quote finished',
        );
      }
    }
  }
}
