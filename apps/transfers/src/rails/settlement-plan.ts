import { TransactionStatus } from '@payments/contracts';
import { PostingKind } from '@transfers/accounts/ledger.client';
import { AwaitedPayment, awaitedAnswer, fundingAnswer } from '@transfers/rails/awaited-payment';
import { RecordedRailAnswer } from '@transfers/rails/rail';
import { FailureReason, Transaction } from '@transfers/transactions/transaction.entity';
import { StatusChange } from '@transfers/transactions/transaction.store';

/** A transaction whose rail attempt is due, with what the rail answers for it. */
export interface DueTransaction extends Transaction, AwaitedPayment {
  /** PENDING: the rail answers later; the worker polls it (Rail.poll) and plans with its answer. */
  answer: RecordedRailAnswer;
  railFailureDetail: string | null;
  /** Why the rail's answer fails the transaction, when not OFFRAMP_FAILED (a refused pay request). */
  railFailureReason: FailureReason | null;
  failedLeg: 'PULL' | 'PUSH' | null;
  /** How many times the worker has taken this attempt, this time included. */
  tries: number;
  /** The token of this worker's claim on the attempt. */
  lease: string;
  /** How long after falling due the worker took it (database clock). */
  lagSeconds: number;
  /** The W3C trace context of the request that created the transaction; null when it was untraced. */
  traceparent: string | null;
}

export type SettlementPlan =
  /** Post to the ledger, in order, then change the status. */
  | { kind: 'move'; postings: PostingKind[]; change: Omit<StatusChange, 'id' | 'from'> }
  /** A transfer-out whose request never confirmed it: undo whatever it reserved, then fail it. */
  | { kind: 'abandon' }
  /** Nothing is left for the rail to do. */
  | { kind: 'close' }
  /** The receiver's payment it awaits has not ended, or the rail has not answered: look again later. */
  | { kind: 'wait' };

export const ABANDONED_DETAIL = 'The request that created this transfer did not complete; nothing was sent';

/** A payout funded by an ACH pull: the pulled money passes through the customer's internal account. */
export function isPullFunded(
  transaction: Pick<Transaction, 'type' | 'sourceType' | 'fundingAccountId'>,
): boolean {
  return (
    transaction.type === 'OUTGOING' &&
    transaction.sourceType === 'ACCOUNT' &&
    transaction.fundingAccountId !== null
  );
}

/**
 * An incoming payment forwarded to the customer's default UMA deposit account (docs/api.md, "Accounts"): the
 * money passes through the customer's internal account on its way out, as a pull-funded payout's does.
 */
function isForwarded(transaction: Pick<Transaction, 'type' | 'fundingAccountId'>): boolean {
  return transaction.type === 'INCOMING' && transaction.fundingAccountId !== null;
}

/**
 * What the settlement worker does with a due transaction: the ledger steps that go with the rail's
 * answer (credit a deposit, complete or release a reserve) and the status it leads to. A
 * pull-funded payout first credits and reserves what the pull took, unless the pull itself failed.
 */
export function planSettlement(
  transaction: Pick<
    DueTransaction,
    | 'type'
    | 'status'
    | 'environment'
    | 'answer'
    | 'railFailureDetail'
    | 'railFailureReason'
    | 'failedLeg'
    | 'sourceType'
    | 'fundingAccountId'
    | keyof AwaitedPayment
  >,
): SettlementPlan {
  if (transaction.status === 'CREATED') {
    return transaction.type === 'OUTGOING' ? { kind: 'abandon' } : { kind: 'close' };
  }
  if (transaction.status !== 'PENDING' && transaction.status !== 'PROCESSING') return { kind: 'close' };
  const awaited = awaitedAnswer(transaction) ?? fundingAnswer(transaction);
  if (awaited === 'wait' || (!awaited && transaction.answer === 'PENDING')) return { kind: 'wait' };
  const due = { ...transaction, ...awaited };
  const outgoing = due.type === 'OUTGOING';
  const pulled: PostingKind[] = isPullFunded(due) && due.failedLeg !== 'PULL' ? ['DEPOSIT', 'RESERVE'] : [];
  if (due.answer === 'SETTLE') {
    return {
      kind: 'move',
      postings: outgoing
        ? [...pulled, 'SETTLE']
        : isForwarded(due)
          ? ['DEPOSIT', 'RESERVE', 'SETTLE']
          : ['DEPOSIT'],
      change: { to: 'COMPLETED', reason: 'Settled by the rail' },
    };
  }
  const to: TransactionStatus = due.answer === 'REJECT' ? 'REJECTED' : 'FAILED';
  // rail_attempts has a CHECK that every answer but SETTLE carries its detail.
  const detail = due.railFailureDetail!;
  // An incoming transfer that fails never reached the ledger (a forwarded payment's money goes back to
  // its sender before it is credited anywhere); an outgoing one gets its reserve back,
  // unless it is a pull-funded payout whose pull failed: then nothing was ever reserved.
  const reserved = outgoing && (!isPullFunded(due) || due.failedLeg !== 'PULL');
  return {
    kind: 'move',
    postings: reserved ? [...pulled, 'RELEASE'] : [],
    change: { to, reason: detail, failure: { reason: due.railFailureReason ?? 'OFFRAMP_FAILED', detail } },
  };
}
