import { FailureReason } from '@transfers/transactions/transaction.entity';

/** What a rail answers for a movement: it settles, fails, or the bank rejects it. */
export type RailAnswer = 'SETTLE' | 'FAIL' | 'REJECT';

export interface RailOutcome {
  answer: RailAnswer;
  /** Shown as the transaction's failureDetail when the answer is not SETTLE. */
  failureDetail?: string;
  /** The transaction's failureReason when the answer is not SETTLE; OFFRAMP_FAILED when absent. */
  failureReason?: FailureReason;
  /** How long after the transaction turns PENDING the rail answers. */
  delayMs: number;
  /** A pull-funded payout that failed: PULL when the money was never taken from the source. */
  failedLeg?: 'PULL' | 'PUSH';
  /**
   * Bare uuid of the incoming payment of a UMA receiver on this deployment: the rail's answer is then
   * how that payment ends, not `answer` (docs/uma.md).
   */
  awaitsTransactionId?: string;
  /** An incoming payment from a platform of this deployment: credited once the sender has reserved its money. */
  awaitsFunding?: boolean;
  /**
   * With awaitsTransactionId: the UMA address the sender's pay request paid as, which the awaited
   * payment's sender must be (docs/uma.md).
   */
  payerUmaAddress?: string;
  /** With awaitsFunding: the UMA address this payment was paid to, which the funding payment must name. */
  payeeUmaAddress?: string;
}

/** PULL takes money from an external account (transfer-in); PUSH sends money to one (transfer-out). */
export type RailDirection = 'PULL' | 'PUSH';

export interface SandboxTiming {
  settlementMs: number;
  delayedFailureMs: number;
}

/**
 * The sandbox simulator's answer, chosen by how the external account's primary identifier ends
 * (docs/api.md#sandbox): 002 is a pull from an account without funds, 003 a closed account, 004 a bank
 * rejection, 005 a movement that hangs and then fails; anything else settles.
 */
export function sandboxOutcome(
  direction: RailDirection,
  primaryIdentifier: string,
  timing: SandboxTiming,
): RailOutcome {
  const settles = simulatedSettlement(timing);
  switch (primaryIdentifier.slice(-3)) {
    case '002':
      return direction === 'PULL'
        ? {
            answer: 'FAIL',
            failureDetail: 'Insufficient funds in the source account',
            delayMs: timing.settlementMs,
          }
        : settles;
    case '003':
      return { answer: 'FAIL', failureDetail: 'Account closed or invalid', delayMs: timing.settlementMs };
    case '004':
      return {
        answer: 'REJECT',
        failureDetail: 'Transfer rejected by the bank',
        delayMs: timing.settlementMs,
      };
    case '005':
      return {
        answer: 'FAIL',
        failureDetail: 'Timed out waiting for the bank',
        delayMs: timing.delayedFailureMs,
      };
    default:
      return settles;
  }
}

/**
 * A payout funded by pulling from an external account: the pull runs first, and only money it took
 * is paid out (`push`: to an account, or to a UMA receiver). A failed push leaves the pulled money
 * with the service.
 */
export function sandboxPullThen(
  sourceIdentifier: string,
  push: RailOutcome,
  timing: SandboxTiming,
): RailOutcome {
  const pull = sandboxOutcome('PULL', sourceIdentifier, timing);
  if (pull.answer !== 'SETTLE') return { ...pull, failedLeg: 'PULL' };
  return push.answer === 'SETTLE' ? push : { ...push, failedLeg: 'PUSH' };
}

/** How a UMA receiver answered a pay request. */
export interface PayRequestAnswer {
  accepted: boolean;
  detail?: string;
  /** Bare uuid of the payment the pay request opened, when the receiver is a platform of this deployment. */
  receiverTransactionId?: string;
  /** With receiverTransactionId: the UMA address the pay request paid as. */
  payerUmaAddress?: string;
}

/**
 * A payment to a UMA receiver, as its pay request was answered: a refused pay request fails it with
 * PAY_REQUEST_FAILED. A receiver on this deployment is paid as its incoming payment ends; the
 * payment to any other is simulated (it settles after the sandbox delay).
 */
export function payRequestOutcome(answer: PayRequestAnswer, timing: SandboxTiming): RailOutcome {
  if (answer.accepted) {
    const settles = simulatedSettlement(timing);
    return answer.receiverTransactionId
      ? {
          ...settles,
          awaitsTransactionId: answer.receiverTransactionId,
          payerUmaAddress: answer.payerUmaAddress,
        }
      : settles;
  }
  return {
    answer: 'FAIL',
    failureReason: 'PAY_REQUEST_FAILED',
    failureDetail: answer.detail ?? 'The receiver refused the pay request',
    delayMs: timing.settlementMs,
  };
}

/** The simulator's answer where no failure pattern applies: a deposit, production, other endings. */
export function simulatedSettlement(timing: SandboxTiming): RailOutcome {
  return { answer: 'SETTLE', delayMs: timing.settlementMs };
}
