import { Environment, TransactionStatus, TransactionType } from '@payments/contracts';
import { RailAnswer } from '@transfers/rails/rail';
import { FailureReason } from '@transfers/transactions/transaction.entity';
import { hasEnded } from '@transfers/transactions/transaction-state-machine';

/**
 * The incoming payment a payment to a UMA receiver on this deployment awaits, as the settlement
 * worker's claim reads it: the columns are null when the payment awaits none, or when the one it
 * names is not there.
 */
export interface AwaitedPayment {
  awaitsTransactionId: string | null;
  awaitedType: TransactionType | null;
  awaitedEnvironment: Environment | null;
  awaitedStatus: TransactionStatus | null;
  awaitedFailureReason: FailureReason | null;
  /**
   * Whether the awaited payment is this one seen from the receiver's side: same amount, currency,
   * receiver and sender (docs/uma.md).
   */
  awaitedMatches: boolean;
  /** An incoming payment from a platform of this deployment, credited once the sender has reserved. */
  awaitsFunding: boolean;
  /** Whether the sender's side has reserved the money of this incoming payment. */
  funded: boolean;
  /** Whether it has waited for that longer than UMA_SENDER_FUNDING_SECONDS. */
  fundingOverdue: boolean;
}

/** What the rail answers for a payment once the payment it awaits has ended. */
export interface AwaitedAnswer {
  answer: RailAnswer;
  railFailureReason: FailureReason | null;
  railFailureDetail: string | null;
}

/**
 * The sender's side of a payment between two platforms of this deployment ends as the receiver's
 * does (docs/uma.md): it settles when the receiver's payment completes, and its reserve is released
 * when the receiving platform rejects it or it fails there. 'wait' while the receiver's platform has
 * not decided; undefined for a payment that awaits nothing.
 */
export function awaitedAnswer(
  payment: AwaitedPayment & { environment: Environment },
): AwaitedAnswer | 'wait' | undefined {
  if (!payment.awaitsTransactionId) return undefined;
  if (payment.awaitedType !== 'INCOMING' || payment.awaitedEnvironment !== payment.environment) {
    return failed(
      'PAY_REQUEST_FAILED',
      `The receiver's payment named by its pay response does not exist: ${RELEASED}; ask the receiver's platform before paying again`,
    );
  }
  // Whoever answered the pay request chose the payment named: this one's money funds no other.
  if (!payment.awaitedMatches) {
    return failed(
      'PAY_REQUEST_FAILED',
      `The receiver's payment named by its pay response differs in amount, currency, receiver or sender: ${RELEASED}; ask the receiver's platform before paying again`,
    );
  }
  const status = payment.awaitedStatus!;
  if (!hasEnded(status)) return 'wait';
  if (status === 'COMPLETED') return { answer: 'SETTLE', railFailureReason: null, railFailureDetail: null };
  if (status === 'REJECTED') {
    return {
      ...failed(
        'PAY_REQUEST_FAILED',
        `The receiving platform rejected the payment: ${RELEASED}; ask the receiver why before paying again`,
      ),
      answer: 'REJECT',
    };
  }
  switch (payment.awaitedFailureReason) {
    case 'MISSING_MANDATORY_PAYEE_DATA':
      return failed('MISSING_MANDATORY_PAYEE_DATA', 'The receiving platform lacked payee data it requires');
    case 'PAYMENT_APPROVAL_TIMED_OUT':
      return failed(
        'PAY_REQUEST_FAILED',
        `The receiving platform did not approve the payment in time: ${RELEASED}; pay again with a new quote`,
      );
    default:
      return failed(
        'PAY_REQUEST_FAILED',
        `The receiving platform could not take the payment: ${RELEASED}; pay again later with a new quote`,
      );
  }
}

/**
 * The receiver's side of a payment between two platforms of this deployment is credited only once
 * the sender's side has reserved the money (docs/uma.md): 'wait' until then, failed when the sender
 * never did in time (refused or lost after its pay request was accepted); undefined for a payment
 * that awaits no sender.
 */
export function fundingAnswer(
  payment: Pick<AwaitedPayment, 'awaitsFunding' | 'funded' | 'fundingOverdue'>,
): AwaitedAnswer | 'wait' | undefined {
  if (!payment.awaitsFunding || payment.funded) return undefined;
  if (!payment.fundingOverdue) return 'wait';
  return failed(
    'PAY_REQUEST_FAILED',
    "The sender's platform did not fund the payment: nothing was credited; the sender may pay again",
  );
}

/** What became of the sender's money when the receiver's side fails it. */
const RELEASED = "the sender's money was released";

function failed(reason: FailureReason, detail: string): AwaitedAnswer {
  return { answer: 'FAIL', railFailureReason: reason, railFailureDetail: detail };
}
