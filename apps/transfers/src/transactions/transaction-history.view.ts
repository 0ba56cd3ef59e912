import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TRANSACTION_STATUSES, TransactionStatus } from '@payments/contracts';
import { StatusChangeRow } from '@transfers/transactions/transaction-history.store';

/** One step of a transaction's life: its creation, or a status change. */
export class TransactionHistoryItemView {
  @ApiProperty({ enum: TRANSACTION_STATUSES, description: 'The status the transaction entered' })
  status: TransactionStatus;
  @ApiProperty({
    enum: TRANSACTION_STATUSES,
    nullable: true,
    description: 'The status it left; null for the creation',
  })
  previousStatus: TransactionStatus | null;
  @ApiProperty({ format: 'date-time', description: 'createdAt for the creation' }) at: string;
  @ApiPropertyOptional({ example: 'Funds reserved', description: 'Why the status changed, in words' })
  reason?: string;
}

export class TransactionHistoryView {
  @ApiProperty({
    type: [TransactionHistoryItemView],
    description: 'Oldest first: the creation (CREATED), then every status change',
  })
  data: TransactionHistoryItemView[];
}

/** Every transaction starts CREATED (docs/api.md#states): the creation is the history's first item. */
export function presentHistory(createdAt: string, changes: StatusChangeRow[]): TransactionHistoryView {
  const creation: TransactionHistoryItemView = { status: 'CREATED', previousStatus: null, at: createdAt };
  return { data: [creation, ...changes.map(presentChange)] };
}

function presentChange(change: StatusChangeRow): TransactionHistoryItemView {
  return {
    status: change.to_status,
    previousStatus: change.from_status,
    at: change.at.toISOString(),
    ...(change.reason ? { reason: change.reason } : {}),
  };
}
