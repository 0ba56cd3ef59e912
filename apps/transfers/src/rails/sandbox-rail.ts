import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { Caller } from '@payments/http';
import { PayRequestAnswer, PolledAnswer, Rail, RailDirection, RailOutcome } from '@transfers/rails/rail';
import { TransfersEnvironment } from '@transfers/transfers.environment';

export interface SandboxTiming {
  settlementMs: number;
  delayedFailureMs: number;
}

/**
 * The simulator (RAIL=sandbox): every payment's answer is known when it is made, from its account's
 * identifier in sandbox (docs/api.md#sandbox) and SETTLE in production, and acted on after
 * SANDBOX_SETTLEMENT_MS. Nothing is ever PENDING, so nothing is polled.
 */
export class SandboxRail extends Rail {
  private readonly timing: SandboxTiming;

  constructor(config: ConfigService<TransfersEnvironment, true>) {
    super();
    this.timing = {
      settlementMs: config.get('SANDBOX_SETTLEMENT_MS', { infer: true }),
      delayedFailureMs: config.get('SANDBOX_DELAYED_FAILURE_SECONDS', { infer: true }) * 1000,
    };
  }

  /** Failure patterns are a sandbox feature; in production the simulated rail always settles. */
  outcomeOf(caller: Caller, direction: RailDirection, primaryIdentifier: string): RailOutcome {
    return caller.environment === Environment.Sandbox
      ? sandboxOutcome(direction, primaryIdentifier, this.timing)
      : simulatedSettlement(this.timing);
  }

  outcomeOfPull(caller: Caller, sourceIdentifier: string, push: RailOutcome): RailOutcome {
    return caller.environment === Environment.Sandbox
      ? sandboxPullThen(sourceIdentifier, push, this.timing)
      : push;
  }

  outcomeOfPayRequest(answer: PayRequestAnswer): RailOutcome {
    return payRequestOutcome(answer, this.timing);
  }

  /** A PENDING attempt is a fault here: the simulator answered every payment when it was made. */
  poll(): Promise<PolledAnswer | undefined> {
    return Promise.reject(
      new Error('The sandbox rail answers every payment when it is made; none is PENDING'),
    );
  }

  /** The simulator holds nothing to drop. */
  async cancel(): Promise<void> {}
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
    failureDetail:
      answer.detail ??
      'The receiver refused the pay request: look the receiver up again for a new quote, or check with the receiver',
    delayMs: timing.settlementMs,
  };
}

/** The simulator's answer where no failure pattern applies: a deposit, production, other endings. */
export function simulatedSettlement(timing: SandboxTiming): RailOutcome {
  return { answer: 'SETTLE', delayMs: timing.settlementMs };
}
