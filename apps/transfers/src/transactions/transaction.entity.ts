import { TransactionRateDetails, TransactionStatus, TransactionType } from '@payments/contracts';
import { ScopedRecord } from '@payments/persistence';
import { Column, Entity } from 'typeorm';

export const SOURCE_TYPES = ['ACCOUNT', 'REALTIME_FUNDING', 'UMA_ADDRESS'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export const DESTINATION_TYPES = ['ACCOUNT', 'UMA_ADDRESS'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

/**
 * Failure reasons this app sets (docs/api.md#errors): a rail's, and those of the approval of an
 * incoming payment. failureDetail says what the rail or the platform's endpoint answered.
 */
export const FAILURE_REASONS = [
  'OFFRAMP_FAILED',
  'PAYMENT_APPROVAL_TIMED_OUT',
  'PAYMENT_APPROVAL_WEBHOOK_ERROR',
  'MISSING_MANDATORY_PAYEE_DATA',
  'PAY_REQUEST_FAILED',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/**
 * Read through TypeORM (lists, single reads); written with plain SQL so that a status change, its
 * history row and its rail schedule are one statement.
 */
@Entity({ name: 'transactions' })
export class Transaction extends ScopedRecord {
  @Column('text')
  type: TransactionType;

  @Column('text')
  status: TransactionStatus;

  @Column('text', { name: 'source_type' })
  sourceType: SourceType;

  /** API id (InternalAccount:… or ExternalAccount:…); null for a realtime-funded source. */
  @Column('text', { name: 'source_account_id', nullable: true })
  sourceAccountId: string | null;

  /** The sender's UMA address, for a payment from a UMA address. */
  @Column('text', { name: 'source_uma_address', nullable: true })
  sourceUmaAddress: string | null;

  @Column('text', { name: 'source_currency' })
  sourceCurrency: string;

  @Column('text', { name: 'destination_type' })
  destinationType: DestinationType;

  /** API id of the account paid into; null for a payment to a UMA address. */
  @Column('text', { name: 'destination_account_id', nullable: true })
  destinationAccountId: string | null;

  /** The receiver of a payment to a UMA address (a quote's, paid through its pay request). */
  @Column('text', { name: 'destination_uma_address', nullable: true })
  destinationUmaAddress: string | null;

  @Column('text', { name: 'destination_currency' })
  destinationCurrency: string;

  /** API id of the sender (outgoing) or recipient (incoming); null for the platform's own accounts. */
  @Column('text', { name: 'customer_id', nullable: true })
  customerId: string | null;

  @Column('text', { name: 'platform_customer_id', nullable: true })
  platformCustomerId: string | null;

  /** Minor units of the source currency; bigint arrives from pg as a string and stays one. */
  @Column('bigint', { name: 'sent_amount' })
  sentAmount: string;

  /** Minor units of the destination currency. */
  @Column('bigint', { name: 'received_amount' })
  receivedAmount: string;

  @Column('text', { nullable: true })
  description: string | null;

  /** What the other party of a UMA payment told about itself: user-info field names to values. */
  @Column('jsonb', { name: 'counterparty_information', nullable: true })
  counterpartyInformation: Record<string, string> | null;

  @Column('text', { name: 'failure_reason', nullable: true })
  failureReason: FailureReason | null;

  @Column('text', { name: 'failure_detail', nullable: true })
  failureDetail: string | null;

  /** Unique reference that matches a bank movement to this transaction. */
  @Column('text')
  reference: string;

  @Column('timestamptz', { name: 'settled_at', nullable: true })
  settledAt: Date | null;

  /** Bare uuid of the quote this transaction executes; null for same-currency transfers. */
  @Column('uuid', { name: 'quote_id', nullable: true })
  quoteId: string | null;

  /** Sending units per receiving unit, as the quote's exact decimal; null means one to one. */
  @Column('text', { name: 'exchange_rate', nullable: true })
  exchangeRate: string | null;

  @Column('jsonb', { name: 'rate_details', nullable: true })
  rateDetails: TransactionRateDetails | null;

  /** Parts of sentAmount that go to the platform's and the service's fee accounts when it settles. */
  @Column('bigint', { name: 'platform_fee' })
  platformFee: string;

  @Column('bigint', { name: 'service_fee' })
  serviceFee: string;

  /** The internal account the reserve is held in when it is not the source (a just-in-time funded quote). */
  @Column('text', { name: 'funding_account_id', nullable: true })
  fundingAccountId: string | null;
}
