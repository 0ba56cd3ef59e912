import { TransactionStatus } from '@payments/contracts';

/**
 * Every status change a transaction may make (docs/api.md#states names the states, this table the
 * moves). CREATED is where a transaction starts before anything is promised: funds not yet reserved,
 * nothing published. The migration seeds the same pairs into `transaction_transitions`, which every
 * history row references, so the database refuses a move this table does not list.
 */
export const TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  // FAILED: a creation whose request never completed is abandoned; EXPIRED: a quote never funded.
  CREATED: ['PENDING', 'FAILED', 'EXPIRED'],
  PENDING: ['PROCESSING', 'COMPLETED', 'FAILED', 'REJECTED', 'EXPIRED'],
  PROCESSING: ['COMPLETED', 'FAILED', 'REJECTED'],
  COMPLETED: ['REFUNDED'],
  FAILED: [],
  REJECTED: [],
  REFUNDED: [],
  EXPIRED: [],
};

/** Whether a transaction has come to its outcome (a COMPLETED one may still be refunded). */
export function hasEnded(status: TransactionStatus): boolean {
  return status !== 'CREATED' && status !== 'PENDING' && status !== 'PROCESSING';
}

export function canTransition(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export class IllegalTransitionError extends Error {
  constructor(from: TransactionStatus, to: TransactionStatus) {
    super(`A transaction cannot move from ${from} to ${to}`);
  }
}

export function assertTransition(from: TransactionStatus, to: TransactionStatus): void {
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
}
