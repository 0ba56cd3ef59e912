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
import { BatchGroupCommit } from '@payments/persistence';
import { EndedQuote, QuoteEnd, QuoteStore } from '@quoting/quotes/quote.store';
import { quoteTransitions } from '@quoting/quotes/quotes.service';

/** Where a quote ends once its transaction has: a refund or expiry of the payment fails the quote too. */
const QUOTE_END: Partial<Record<TransactionStatus, QuoteEnd>> = {
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
  REJECTED: 'FAILED',
  EXPIRED: 'FAILED',
};

/** What events say of a transaction they name: its end, if one of them brings it. */
type Progress = [transactionId: string, end: QuoteEnd | null];

/**
 * Six partitions' batches are handled at once, and under load each holds about two events: they
 * share the statement beyond one in flight, each batch kept whole.
 */
const FOLLOW_BATCHING = { maxBatch: 100, maxInFlight: 1 };

/**
 * Follows the transactions made from quotes. Every change is a guarded update keyed by the
 * transaction, so a redelivered event changes nothing and needs no inbox row. The topic carries every
 * transaction; the others are passed over by their selector header, undecoded.
 */
@Controller()
export class QuoteProgressConsumer {
  private readonly logger = new Logger(QuoteProgressConsumer.name);
  private readonly follower: BatchGroupCommit<Progress, EndedQuote | undefined>;

  constructor(store: QuoteStore) {
    this.follower = new BatchGroupCommit(async (progress) => {
      const ended = new Map(
        (await store.follow(progressOf(progress))).map((quote) => [quote.transactionId, quote]),
      );
      return progress.map(([transactionId]) => ended.get(transactionId));
    }, FOLLOW_BATCHING);
  }

  @EventBatchPattern(TRANSACTION_EVENTS.name, { where: { [QUOTED_TRANSACTION_HEADER]: 'true' } })
  async onTransactionEvents(@Payload() events: TransactionEvent[]): Promise<void> {
    const progress = progressOf(
      events
        .map(({ payload: { transaction } }) => transaction)
        .filter((transaction) => typeof transaction.quoteId === 'string')
        .map((transaction) => [
          uuidOf('Transaction', transaction.id)!,
          QUOTE_END[transaction.status] ?? null,
        ]),
    );
    if (progress.size === 0) return;
    for (const quote of await this.follower.add([...progress])) {
      if (!quote) continue;
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

/**
 * One entry per transaction, for one statement: a transaction's end, if any of its events brings
 * one, implies its confirmation, and the order of its events does not matter.
 */
function progressOf(progress: Progress[]): Map<string, QuoteEnd | null> {
  const byTransaction = new Map<string, QuoteEnd | null>();
  for (const [transactionId, end] of progress)
    byTransaction.set(transactionId, end ?? byTransaction.get(transactionId) ?? null);
  return byTransaction;
}
