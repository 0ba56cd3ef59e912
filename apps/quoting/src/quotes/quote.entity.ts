import { QuoteRateDetails } from '@payments/contracts';
import { ScopedRecord } from '@payments/persistence';
import { Column, Entity } from 'typeorm';
import { LockedSide } from '@quoting/pricing/quote-pricing';

export const QUOTE_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_SOURCE_TYPES = ['ACCOUNT', 'REALTIME_FUNDING'] as const;
export type QuoteSourceType = (typeof QUOTE_SOURCE_TYPES)[number];

/** docs/openapi.json: where the platform sends the money of a just-in-time funded quote. */
export interface PaymentInstruction {
  accountType: 'US_ACCOUNT' | 'SPARK_WALLET';
  [field: string]: string;
}

/** Amounts are bigint columns, which pg returns as strings; they stay strings until shown. */
@Entity({ name: 'quotes' })
export class Quote extends ScopedRecord {
  @Column('text') status: QuoteStatus;
  @Column('text', { name: 'source_type' }) sourceType: QuoteSourceType;
  /** API id of an internal or external account; null for just-in-time funding. */
  @Column('text', { name: 'source_account_id', nullable: true }) sourceAccountId: string | null;
  @Column('text', { name: 'sending_customer_id', nullable: true }) sendingCustomerId: string | null;
  @Column('text', { name: 'sending_currency' }) sendingCurrency: string;
  /** Null for a quote to a UMA address (receivingUmaAddress). */
  @Column('text', { name: 'destination_account_id', nullable: true }) destinationAccountId: string | null;
  @Column('text', { name: 'receiving_currency' }) receivingCurrency: string;
  @Column('text', { name: 'sending_uma_address', nullable: true }) sendingUmaAddress: string | null;
  @Column('text', { name: 'receiving_uma_address', nullable: true }) receivingUmaAddress: string | null;
  @Column('text', { name: 'locked_side' }) lockedSide: LockedSide;
  @Column('bigint', { name: 'total_sending_amount' }) totalSendingAmount: string;
  @Column('bigint', { name: 'total_receiving_amount' }) totalReceivingAmount: string;
  @Column('bigint', { name: 'fees_included' }) feesIncluded: string;
  @Column('bigint', { name: 'platform_fee' }) platformFee: string;
  @Column('bigint', { name: 'service_fee' }) serviceFee: string;
  /** Sending units per receiving unit, as an exact decimal string. */
  @Column('text', { name: 'exchange_rate' }) exchangeRate: string;
  @Column('jsonb', { name: 'rate_details' }) rateDetails: QuoteRateDetails;
  /** The internal account money from outside passes through: a just-in-time payment or an ACH pull. */
  @Column('text', { name: 'funding_account_id', nullable: true }) fundingAccountId: string | null;
  @Column('jsonb', { name: 'payment_instructions', nullable: true })
  paymentInstructions: PaymentInstruction[] | null;
  /** The reference a just-in-time payment must carry. */
  @Column('text', { nullable: true }) reference: string | null;
  /** Assigned at creation, so that executing twice can only ever make this one transaction. */
  @Column('uuid', { name: 'transaction_id' }) transactionId: string;
  @Column('timestamptz', { name: 'executed_at', nullable: true }) executedAt: Date | null;
  /** The Idempotency-Key digest of the request that executed the quote, so that its retry is answered. */
  @Column('text', { name: 'execution_key', nullable: true }) executionKey: string | null;
  @Column('boolean', { name: 'transaction_confirmed' }) transactionConfirmed: boolean;
  @Column('text', { nullable: true }) description: string | null;
  /** Bare uuid of the receiver lookup a quote to a UMA address was made from. */
  @Column('uuid', { name: 'lookup_id', nullable: true }) lookupId: string | null;
  /** What the sender told the UMA receiver about itself (its pay request's payer data). */
  @Column('jsonb', { name: 'sender_customer_info', nullable: true })
  senderCustomerInfo: Record<string, unknown> | null;
  /** What the platform told about the receiver of a UMA payment (user-info field names to values). */
  @Column('jsonb', { name: 'counterparty_information', nullable: true })
  counterpartyInformation: Record<string, string> | null;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
}
