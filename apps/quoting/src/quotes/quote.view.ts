import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { QuoteRateDetails, toApiId } from '@payments/contracts';
import { CurrencyView, QuoteRateDetailsView } from '@payments/http';
import { Currency, currencyOf } from '@payments/money';
import { Ratio } from '@payments/money';
import {
  PaymentInstruction,
  Quote,
  QUOTE_SOURCE_TYPES,
  QUOTE_STATUSES,
  QuoteSourceType,
  QuoteStatus,
} from '@quoting/quotes/quote.entity';

class QuoteSourceView {
  @ApiProperty({ enum: QUOTE_SOURCE_TYPES }) sourceType: QuoteSourceType;
  @ApiPropertyOptional() accountId?: string;
  @ApiPropertyOptional() customerId?: string;
  @ApiProperty({ example: 'USD' }) currency: string;
}

class QuoteDestinationView {
  @ApiProperty({ enum: ['ACCOUNT', 'UMA_ADDRESS'] }) destinationType: 'ACCOUNT' | 'UMA_ADDRESS';
  @ApiPropertyOptional({ description: 'ACCOUNT destinations' }) accountId?: string;
  @ApiPropertyOptional({
    description: 'UMA_ADDRESS destinations',
    example: '$success.mxn@sandbox.grid.uma.money',
  })
  umaAddress?: string;
  @ApiPropertyOptional({ description: 'UMA_ADDRESS destinations: what the platform told about the receiver' })
  counterpartyInformation?: Record<string, string>;
  @ApiProperty({ example: 'EUR' }) currency: string;
}

class PaymentInstructionView {
  @ApiProperty({ enum: ['US_ACCOUNT', 'SPARK_WALLET'] }) accountType: string;
  @ApiPropertyOptional() accountNumber?: string;
  @ApiPropertyOptional() routingNumber?: string;
  @ApiPropertyOptional() bankName?: string;
  @ApiPropertyOptional() referenceCode?: string;
  @ApiPropertyOptional() address?: string;
  @ApiPropertyOptional() invoice?: string;
  @ApiPropertyOptional() instructionsNotes?: string;
}

/** A quote as the API shows it (QuoteView in docs/openapi.json). */
export class QuoteView {
  @ApiProperty({ example: 'Quote:019542f5-b3e7-1d02-0000-000000000006' }) quoteId: string;
  @ApiProperty({ description: 'The same as quoteId, as Grid clients read it' }) id: string;
  @ApiProperty({ enum: QUOTE_STATUSES }) status: QuoteStatus;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ type: QuoteSourceView }) source: QuoteSourceView;
  @ApiProperty({ type: QuoteDestinationView }) destination: QuoteDestinationView;
  @ApiProperty({ type: CurrencyView }) sendingCurrency: Currency;
  @ApiProperty({ type: CurrencyView }) receivingCurrency: Currency;
  @ApiProperty({ type: 'integer', description: 'Debited from the sender, fees included' })
  totalSendingAmount: number;
  @ApiProperty({ type: 'integer' }) totalReceivingAmount: number;
  @ApiProperty({ description: 'Sending currency units per receiving currency unit' }) exchangeRate: number;
  @ApiProperty({ type: 'integer', description: 'Smallest unit of the sending currency' })
  feesIncluded: number;
  @ApiPropertyOptional({ description: 'Once the quote is executed' }) transactionId?: string;
  @ApiPropertyOptional({ type: [PaymentInstructionView], description: 'For REALTIME_FUNDING sources' })
  paymentInstructions?: PaymentInstruction[];
  @ApiProperty({ type: QuoteRateDetailsView }) rateDetails: QuoteRateDetails;
  @ApiPropertyOptional() description?: string;
}

export class QuotePage {
  @ApiProperty({ type: [QuoteView] }) data: QuoteView[];
  @ApiProperty() hasMore: boolean;
  @ApiPropertyOptional() nextCursor?: string;
  @ApiProperty({ type: 'integer' }) totalCount: number;
}

export function presentQuote(quote: Quote): QuoteView {
  const quoteId = toApiId('Quote', quote.id);
  return {
    quoteId,
    id: quoteId,
    status: quote.status,
    createdAt: quote.createdAt.toISOString(),
    expiresAt: quote.expiresAt.toISOString(),
    source: {
      sourceType: quote.sourceType,
      ...(quote.sourceAccountId ? { accountId: quote.sourceAccountId } : {}),
      ...(quote.sendingCustomerId ? { customerId: quote.sendingCustomerId } : {}),
      currency: quote.sendingCurrency,
    },
    destination: quote.receivingUmaAddress
      ? {
          destinationType: 'UMA_ADDRESS',
          umaAddress: quote.receivingUmaAddress,
          ...(quote.counterpartyInformation
            ? { counterpartyInformation: quote.counterpartyInformation }
            : {}),
          currency: quote.receivingCurrency,
        }
      : {
          destinationType: 'ACCOUNT',
          accountId: quote.destinationAccountId!,
          currency: quote.receivingCurrency,
        },
    sendingCurrency: currencyOf(quote.sendingCurrency),
    receivingCurrency: currencyOf(quote.receivingCurrency),
    totalSendingAmount: Number(quote.totalSendingAmount),
    totalReceivingAmount: Number(quote.totalReceivingAmount),
    exchangeRate: Ratio.parse(quote.exchangeRate).toNumber(),
    feesIncluded: Number(quote.feesIncluded),
    ...(quote.executedAt ? { transactionId: toApiId('Transaction', quote.transactionId) } : {}),
    ...(quote.paymentInstructions ? { paymentInstructions: quote.paymentInstructions } : {}),
    rateDetails: quote.rateDetails,
    ...(quote.description ? { description: quote.description } : {}),
  };
}
