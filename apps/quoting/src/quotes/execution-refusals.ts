import { toApiId } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { Quote } from '@quoting/quotes/quote.entity';

/**
 * Why a quote cannot be executed, in words that say what to do next (docs/api.md, "Errors"): its
 * full API id, as the caller sent it, and the step that gets the payment going again.
 */
export function quoteExpired(quote: Quote): ApiException {
  const quoteId = toApiId('Quote', quote.id);
  return new ApiException(
    'QUOTE_EXPIRED',
    `Quote ${quoteId} expired at ${quote.expiresAt.toISOString()}; create a new quote (POST /quotes) and execute that one`,
    { quoteId, expiresAt: quote.expiresAt.toISOString() },
  );
}

/**
 * A quote past PENDING, other than by expiring, was executed (a refused execution hands it back as
 * PENDING): its transaction is what the caller is after.
 */
export function quoteAlreadyExecuted(quote: Quote): ApiException {
  const quoteId = toApiId('Quote', quote.id);
  const transactionId = toApiId('Transaction', quote.transactionId);
  return new ApiException(
    'QUOTE_NOT_PENDING',
    `Quote ${quoteId} was already executed and is ${quote.status}: follow its transaction ${transactionId} ` +
      '(GET /transactions/{id}), or create a new quote to pay again',
    { status: quote.status, transactionId },
  );
}
