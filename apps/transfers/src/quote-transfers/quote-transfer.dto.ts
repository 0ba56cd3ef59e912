import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { TransactionRateDetails } from '@payments/contracts';
import { IsMinorUnits, RequiredWhen } from '@payments/http';
import { MAX_TRANSFER_AMOUNT } from '@transfers/transfers/dto/transfer.dto';

/**
 * BALANCE: the sending amount is reserved from the source internal account. ARRIVED: the platform's
 * payment for a just-in-time quote has arrived; it is credited to the reserving account, then
 * reserved. PULL: the rail pulls it from `pullAccountId` first; what it takes passes through the
 * reserving account.
 */
export const QUOTE_FUNDING = ['BALANCE', 'ARRIVED', 'PULL'] as const;
export type QuoteFunding = (typeof QUOTE_FUNDING)[number];

/** The UMA receiver's answer to the pay request of a quote to its address. */
export class PayRequestAnswerDto {
  @IsBoolean() accepted: boolean;
  /** Why the receiver refused. */
  @IsOptional() @IsString() @MaxLength(1000) detail?: string;
  /** The payment the pay request opened, when the receiver is a platform of this deployment. */
  @IsOptional() @IsString() @MaxLength(100) receiverTransactionId?: string;
  /** With receiverTransactionId: the UMA address the pay request paid as, which that payment's sender must be. */
  @IsOptional() @IsString() @MaxLength(320) payerUmaAddress?: string;
}

/** Internal: the quoting app asks for the transaction an executed quote makes. */
export class QuoteTransferDto {
  @IsString() @IsNotEmpty() quoteId: string;
  /** Assigned by the quote, so that asking twice makes one transaction. */
  @IsString() @IsNotEmpty() transactionId: string;
  @IsIn(QUOTE_FUNDING) funding: QuoteFunding;
  /** The internal account the money leaves: the source (BALANCE) or the one it arrived in (ARRIVED). */
  @IsString() @IsNotEmpty() reservingAccountId: string;
  /** PULL only: the external account with direct pull (ACH) the money comes from. */
  @RequiredWhen((body: QuoteTransferDto) => body.funding === 'PULL')
  @IsString()
  @IsNotEmpty()
  pullAccountId?: string;
  @IsIn(SUPPORTED_CURRENCY_CODES) sendingCurrency: string;
  /** The external account paid, unless the quote pays `destinationUmaAddress`. */
  @RequiredWhen((body: QuoteTransferDto) => body.destinationUmaAddress === undefined)
  @IsString()
  @IsNotEmpty()
  destinationAccountId?: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(320) destinationUmaAddress?: string;
  /** With destinationUmaAddress: how the receiver answered the pay request. */
  @RequiredWhen((body: QuoteTransferDto) => body.destinationUmaAddress !== undefined)
  @IsObject()
  @ValidateNested()
  @Type(() => PayRequestAnswerDto)
  payRequest?: PayRequestAnswerDto;
  /** What the platform told about the receiver (checked by quoting: string values). */
  @IsOptional() @IsObject() counterpartyInformation?: Record<string, string>;
  @IsIn(SUPPORTED_CURRENCY_CODES) receivingCurrency: string;
  @IsMinorUnits(1, MAX_TRANSFER_AMOUNT) sentAmount: number;
  @IsMinorUnits(1, MAX_TRANSFER_AMOUNT) receivedAmount: number;
  @IsMinorUnits(0, MAX_TRANSFER_AMOUNT) platformFee: number;
  @IsMinorUnits(0, MAX_TRANSFER_AMOUNT) serviceFee: number;
  @Matches(/^\d+(\.\d+)?$/) exchangeRate: string;
  @IsObject() rateDetails: TransactionRateDetails;
  @IsOptional() @IsString() @MaxLength(1000) description?: string;
}
