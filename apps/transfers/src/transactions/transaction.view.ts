import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  TransactionStatus,
  TransactionType,
  toApiId,
} from '@payments/contracts';
import { CurrencyAmountView, RateDetailsView } from '@payments/http';
import { currencyOf, Ratio } from '@payments/money';
import {
  DESTINATION_TYPES,
  DestinationType,
  FAILURE_REASONS,
  FailureReason,
  SOURCE_TYPES,
  SourceType,
  Transaction,
} from '@transfers/transactions/transaction.entity';

class TransactionSourceView {
  @ApiProperty({ enum: SOURCE_TYPES }) sourceType: SourceType;
  @ApiPropertyOptional({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' })
  accountId?: string;
  @ApiPropertyOptional({
    example: '$sender@sandbox.grid.uma.money',
    description: 'For a payment from a UMA address',
  })
  umaAddress?: string;
  @ApiProperty({ example: 'USD' }) currency: string;
}

class TransactionDestinationView {
  @ApiProperty({ enum: DESTINATION_TYPES }) destinationType: DestinationType;
  @ApiPropertyOptional({ example: 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000003' })
  accountId?: string;
  @ApiPropertyOptional({
    example: '$success.mxn@sandbox.grid.uma.money',
    description: 'For a payment to a UMA address',
  })
  umaAddress?: string;
  @ApiProperty({ example: 'USD' }) currency: string;
}

class ReconciliationInstructionsView {
  @ApiProperty({ example: 'TR-4F1A9C0D2B7E6A13' }) reference: string;
}

/** A transaction as the API shows it (TransactionView in docs/openapi.json), and as its events carry it. */
export class TransactionView {
  @ApiProperty({ example: 'Transaction:019542f5-b3e7-1d02-0000-000000000004' }) id: string;
  @ApiProperty({ enum: TRANSACTION_STATUSES }) status: TransactionStatus;
  @ApiProperty({ enum: TRANSACTION_TYPES }) type: TransactionType;
  @ApiProperty({ type: TransactionSourceView }) source: TransactionSourceView;
  @ApiProperty({ type: TransactionDestinationView }) destination: TransactionDestinationView;
  @ApiPropertyOptional({
    description: 'Sender for outgoing, recipient for incoming; absent for platform accounts',
  })
  customerId?: string;
  @ApiPropertyOptional() platformCustomerId?: string;
  @ApiProperty({ type: CurrencyAmountView, description: "In the sender's currency" })
  sentAmount: CurrencyAmountView;
  @ApiProperty({ type: CurrencyAmountView, description: "In the recipient's currency" })
  receivedAmount: CurrencyAmountView;
  @ApiProperty({ description: 'Sending currency units per receiving currency unit' }) exchangeRate: number;
  @ApiProperty({ type: RateDetailsView }) rateDetails: RateDetailsView;
  @ApiPropertyOptional({ format: 'date-time' }) settledAt?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional({ type: ReconciliationInstructionsView, description: 'For every status but CREATED' })
  reconciliationInstructions?: ReconciliationInstructionsView;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'What the other party of a UMA payment told about itself, by user-info field name',
    example: { FULL_NAME: 'Sam Sender' },
  })
  counterpartyInformation?: Record<string, string>;
  @ApiPropertyOptional({ enum: FAILURE_REASONS }) failureReason?: FailureReason;
  @ApiPropertyOptional({
    description: 'What the payment rail answered, for a failed or rejected transaction',
  })
  failureDetail?: string;
  @ApiPropertyOptional({
    example: 'Quote:019542f5-b3e7-1d02-0000-000000000006',
    description: 'For a transaction made from a quote',
  })
  quoteId?: string;
}

export class TransactionPage {
  @ApiProperty({ type: [TransactionView] }) data: TransactionView[];
  @ApiProperty() hasMore: boolean;
  @ApiPropertyOptional() nextCursor?: string;
  @ApiProperty({ type: 'integer' }) totalCount: number;
}

/** Same-currency transfers charge no fee and convert one to one. */
const SAME_CURRENCY_RATE: RateDetailsView = {
  serviceApiMultiplier: 1,
  serviceApiFixedFee: 0,
  serviceApiVariableFeeRate: 0,
  serviceApiVariableFeeAmount: 0,
  platformFixedFee: 0,
  platformVariableFeeRate: 0,
  platformVariableFeeAmount: 0,
};

/** Fields a transaction lacks are left out rather than shown as null. */
export function presentTransaction(transaction: Transaction): TransactionView {
  return {
    id: toApiId('Transaction', transaction.id),
    status: transaction.status,
    type: transaction.type,
    source: {
      sourceType: transaction.sourceType,
      ...(transaction.sourceAccountId ? { accountId: transaction.sourceAccountId } : {}),
      ...(transaction.sourceUmaAddress ? { umaAddress: transaction.sourceUmaAddress } : {}),
      currency: transaction.sourceCurrency,
    },
    destination: {
      destinationType: transaction.destinationType,
      ...(transaction.destinationAccountId ? { accountId: transaction.destinationAccountId } : {}),
      ...(transaction.destinationUmaAddress ? { umaAddress: transaction.destinationUmaAddress } : {}),
      currency: transaction.destinationCurrency,
    },
    ...(transaction.customerId ? { customerId: transaction.customerId } : {}),
    ...(transaction.platformCustomerId ? { platformCustomerId: transaction.platformCustomerId } : {}),
    sentAmount: amountOf(transaction.sentAmount, transaction.sourceCurrency),
    receivedAmount: amountOf(transaction.receivedAmount, transaction.destinationCurrency),
    exchangeRate: transaction.exchangeRate ? Ratio.parse(transaction.exchangeRate).toNumber() : 1,
    rateDetails: transaction.rateDetails ?? { ...SAME_CURRENCY_RATE },
    ...(transaction.settledAt ? { settledAt: transaction.settledAt.toISOString() } : {}),
    createdAt: transaction.createdAt.toISOString(),
    updatedAt: transaction.updatedAt.toISOString(),
    ...(transaction.description ? { description: transaction.description } : {}),
    ...(transaction.counterpartyInformation
      ? { counterpartyInformation: transaction.counterpartyInformation }
      : {}),
    ...(transaction.status === 'CREATED'
      ? {}
      : { reconciliationInstructions: { reference: transaction.reference } }),
    ...(transaction.failureReason ? { failureReason: transaction.failureReason } : {}),
    ...(transaction.failureDetail ? { failureDetail: transaction.failureDetail } : {}),
    ...(transaction.quoteId ? { quoteId: toApiId('Quote', transaction.quoteId) } : {}),
  };
}

function amountOf(minorUnits: string, currency: string): CurrencyAmountView {
  const amount = Number(minorUnits);
  // Amounts are capped far below this at creation; a larger one would be silently rounded in JSON.
  if (!Number.isSafeInteger(amount)) throw new Error(`Amount ${minorUnits} exceeds the JSON-safe range`);
  return { amount, currency: currencyOf(currency) };
}
