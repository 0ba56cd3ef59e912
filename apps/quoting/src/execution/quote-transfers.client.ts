import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { QuoteRateDetails, toApiId, TransactionRateDetails } from '@payments/contracts';
import { Caller, CallerAssertions, InternalApi } from '@payments/http';
import { QuotingEnvironment } from '@quoting/quoting.environment';
import { Quote } from '@quoting/quotes/quote.entity';
import { PayRequestOutcome } from '@quoting/uma/uma-counterparty';

/** The transaction as transfers returns it; quoting passes it on as the transfers API shows it. */
export type TransactionView = Record<string, unknown> & { id: string; status: string };

/** The transfers app's internal API that turns an executed quote into its transaction. */
@Injectable()
export class QuoteTransfersClient extends InternalApi {
  constructor(config: ConfigService<QuotingEnvironment, true>, assertions: CallerAssertions) {
    super('transfers', config.get('TRANSFERS_URL', { infer: true }), assertions);
  }

  /**
   * Idempotent by the quote's transaction id: asking again returns the transaction as it stands. A
   * quote to a UMA address brings its counterparty's answer to the pay request, which decides how
   * the payout ends.
   */
  open(caller: Caller, quote: Quote, payRequest?: PayRequestOutcome): Promise<TransactionView> {
    const pulled = quote.sourceType === 'ACCOUNT' && quote.fundingAccountId !== null;
    return this.client.post(caller, '/internal/quote-transfers', {
      quoteId: toApiId('Quote', quote.id),
      transactionId: toApiId('Transaction', quote.transactionId),
      funding: quote.sourceType === 'REALTIME_FUNDING' ? 'ARRIVED' : pulled ? 'PULL' : 'BALANCE',
      reservingAccountId: quote.fundingAccountId ?? quote.sourceAccountId,
      ...(pulled ? { pullAccountId: quote.sourceAccountId } : {}),
      sendingCurrency: quote.sendingCurrency,
      ...(quote.destinationAccountId ? { destinationAccountId: quote.destinationAccountId } : {}),
      ...(quote.receivingUmaAddress && payRequest
        ? { destinationUmaAddress: quote.receivingUmaAddress, payRequest }
        : {}),
      ...(quote.counterpartyInformation ? { counterpartyInformation: quote.counterpartyInformation } : {}),
      receivingCurrency: quote.receivingCurrency,
      sentAmount: Number(quote.totalSendingAmount),
      receivedAmount: Number(quote.totalReceivingAmount),
      platformFee: Number(quote.platformFee),
      serviceFee: Number(quote.serviceFee),
      exchangeRate: quote.exchangeRate,
      rateDetails: transactionRateDetails(quote.rateDetails),
      ...(quote.description ? { description: quote.description } : {}),
    });
  }
}

/** A transaction's rate details are the quote's without the counterparty's (docs/openapi.json). */
function transactionRateDetails(details: QuoteRateDetails): TransactionRateDetails {
  return {
    serviceApiMultiplier: details.serviceApiMultiplier,
    serviceApiFixedFee: details.serviceApiFixedFee,
    serviceApiVariableFeeRate: details.serviceApiVariableFeeRate,
    serviceApiVariableFeeAmount: details.serviceApiVariableFeeAmount,
    platformFixedFee: details.platformFixedFee,
    platformVariableFeeRate: details.platformVariableFeeRate,
    platformVariableFeeAmount: details.platformVariableFeeAmount,
  };
}
