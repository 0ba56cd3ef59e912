import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { Caller } from '@payments/http';
import {
  PayRequestAnswer,
  payRequestOutcome,
  RailDirection,
  RailOutcome,
  sandboxOutcome,
  sandboxPullThen,
  SandboxTiming,
  simulatedSettlement,
} from '@transfers/rails/sandbox-rail';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/** What the rail will answer for a new transaction, with this deployment's sandbox timing. */
@Injectable()
export class RailOutcomes {
  private readonly timing: SandboxTiming;

  constructor(config: ConfigService<TransfersEnvironment, true>) {
    this.timing = {
      settlementMs: config.get('SANDBOX_SETTLEMENT_MS', { infer: true }),
      delayedFailureMs: config.get('SANDBOX_DELAYED_FAILURE_SECONDS', { infer: true }) * 1000,
    };
  }

  /** Failure patterns are a sandbox feature; in production the simulated rail always settles. */
  of(caller: Caller, direction: RailDirection, primaryIdentifier: string): RailOutcome {
    return caller.environment === Environment.Sandbox
      ? sandboxOutcome(direction, primaryIdentifier, this.timing)
      : simulatedSettlement(this.timing);
  }

  /** A payout (`push`) whose money the rail first pulls from an external account. */
  ofPull(caller: Caller, sourceIdentifier: string, push: RailOutcome): RailOutcome {
    return caller.environment === Environment.Sandbox
      ? sandboxPullThen(sourceIdentifier, push, this.timing)
      : push;
  }

  /** A payment to a UMA receiver that answered its pay request so. */
  ofPayRequest(answer: PayRequestAnswer): RailOutcome {
    return payRequestOutcome(answer, this.timing);
  }
}
