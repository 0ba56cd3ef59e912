import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { EventEnvelope } from '../envelope';
import { TopicContract } from '../topic';

export const TRANSACTION_STATUSES = [
  'CREATED',
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'REJECTED',
  'FAILED',
  'REFUNDED',
  'EXPIRED',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_TYPES = ['INCOMING', 'OUTGOING'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * The transaction exactly as the API shows it (docs/openapi.json); consumers such as the webhook
 * dispatcher pass it on unchanged, so only the fields they route by are checked here.
 */
export class TransactionSnapshot {
  @IsString() id: string;
  @IsIn(TRANSACTION_STATUSES) status: TransactionStatus;
  @IsIn(TRANSACTION_TYPES) type: TransactionType;
  @IsString() createdAt: string;
  @IsString() updatedAt: string;
  [field: string]: unknown;
}

/** One piece of information about the recipient that the sender asks for. */
export class RequestedCustomerInfoField {
  @IsString() name: string;
  @IsBoolean() mandatory: boolean;
}

/** An incoming payment that waits for its platform's approval (docs/api.md#approvals). */
export class ApprovalRequest {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RequestedCustomerInfoField)
  requestedReceiverCustomerInfoFields: RequestedCustomerInfoField[];
}

export class TransactionStatusChangedV1 {
  @IsObject() @ValidateNested() @Type(() => TransactionSnapshot) transaction: TransactionSnapshot;
  /** Absent for the first status a transaction is published with. */
  @IsOptional() @IsIn(TRANSACTION_STATUSES) previousStatus?: TransactionStatus;
  /**
   * Added within v1: present on the change that makes an incoming payment wait for the platform's
   * approval, whose webhook asks for it.
   */
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ApprovalRequest) approval?: ApprovalRequest;
}

export type TransactionEvent = EventEnvelope<'transaction.status-changed', TransactionStatusChangedV1>;

/** Selector header: "true" when the transaction executes a quote, for consumers that follow quotes only. */
export const QUOTED_TRANSACTION_HEADER = 'quoted';

/**
 * Producer: transfers. Key: the transaction id, so one transaction's changes stay in order.
 * Every status change of every transaction, kept for reporting consumers that read from the start.
 */
export const TRANSACTION_EVENTS = new TopicContract<TransactionEvent>(
  'transfers.transaction-events.v1',
  12,
  { 'transaction.status-changed@1': TransactionStatusChangedV1 },
  {
    public: true,
    selectors: ({ payload }) => ({
      [QUOTED_TRANSACTION_HEADER]: String(typeof payload.transaction.quoteId === 'string'),
    }),
  },
);
