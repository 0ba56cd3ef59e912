import {
  ApprovalRequest,
  createEvent,
  TransactionEvent,
  TransactionStatus,
  toApiId,
} from '@payments/contracts';
import { Transaction } from '@transfers/transactions/transaction.entity';
import { presentTransaction } from '@transfers/transactions/transaction.view';

export interface MovedTransaction {
  transaction: Transaction;
  previousStatus: TransactionStatus;
}

/**
 * The event of one status change, carrying the transaction exactly as the API shows it. Keyed by the
 * transaction, so that one transaction's changes reach consumers in order. `approval` marks the change
 * that makes an incoming payment wait for its platform's approval.
 */
export function statusChanged(
  { transaction, previousStatus }: MovedTransaction,
  approval?: ApprovalRequest,
): TransactionEvent {
  return createEvent(
    'transaction.status-changed',
    1,
    { platformId: toApiId('Platform', transaction.platformId), environment: transaction.environment },
    toApiId('Transaction', transaction.id),
    {
      transaction: { ...presentTransaction(transaction) },
      previousStatus,
      ...(approval ? { approval } : {}),
    },
  );
}
