/** What a rail answers for a movement: it settles, fails, or the bank rejects it. */
export type RailAnswer = 'SETTLE' | 'FAIL' | 'REJECT';

export interface RailOutcome {
  answer: RailAnswer;
  /** Shown as the transaction's failureDetail when the answer is not SETTLE. */
  failureDetail?: string;
  /** How long after the transaction turns PENDING the rail answers. */
  delayMs: number;
  /** A pull-funded payout that failed: PULL when the money was never taken from the source. */
  failedLeg?: 'PULL' | 'PUSH';
}

/** PULL takes money from an external account (transfer-in); PUSH sends money to one (transfer-out). */
export type RailDirection = 'PULL' | 'PUSH';

export interface SandboxTiming {
  settlementMs: number;
  delayedFailureMs: number;
}

/**
 * The sandbox simulator's answer, chosen by how the external account's primary identifier ends
 * (interface.md 4.7): 002 is a pull from an account without funds, 003 a closed account, 004 a bank
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
 * is paid out. A failed push leaves the pulled money with the service.
 */
export function sandboxPullThenPush(
  sourceIdentifier: string,
  destinationIdentifier: string,
  timing: SandboxTiming,
): RailOutcome {
  const pull = sandboxOutcome('PULL', sourceIdentifier, timing);
  if (pull.answer !== 'SETTLE') return { ...pull, failedLeg: 'PULL' };
  const push = sandboxOutcome('PUSH', destinationIdentifier, timing);
  return push.answer === 'SETTLE' ? push : { ...push, failedLeg: 'PUSH' };
}

/** The simulator's answer where no failure pattern applies: a deposit, production, other endings. */
export function simulatedSettlement(timing: SandboxTiming): RailOutcome {
  return { answer: 'SETTLE', delayMs: timing.settlementMs };
}
