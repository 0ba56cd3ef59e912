import { PolledAnswer, Rail, RailOutcome } from '@transfers/rails/rail';
import { Transaction } from '@transfers/transactions/transaction.entity';

/**
 * A rail that answers only when told, as a bank answering later would: every payment is recorded
 * PENDING, polled each time its attempt falls due, and ends when a test calls settle or fail.
 */
export class ManualRail extends Rail {
  /** Ids of the payments polled, once per poll. */
  readonly polled: string[] = [];
  readonly cancelled: string[] = [];
  private readonly answers = new Map<string, PolledAnswer>();
  /** Payments whose poll throws, as a provider's API failing for one payment would. */
  private readonly unreachable = new Set<string>();

  outcomeOf(): RailOutcome {
    return { answer: 'PENDING', delayMs: 0 };
  }

  outcomeOfPull(_caller: unknown, _sourceIdentifier: string, push: RailOutcome): RailOutcome {
    return push;
  }

  outcomeOfPayRequest(): RailOutcome {
    return { answer: 'PENDING', delayMs: 0 };
  }

  async poll(payment: Transaction): Promise<PolledAnswer | undefined> {
    this.polled.push(payment.id);
    if (this.unreachable.has(payment.id)) throw new Error(`The provider failed to answer for ${payment.id}`);
    return this.answers.get(payment.id);
  }

  async cancel(payment: Transaction): Promise<void> {
    this.cancelled.push(payment.id);
  }

  settle(id: string): void {
    this.answers.set(id, { answer: 'SETTLE' });
  }

  fail(id: string, failureDetail: string): void {
    this.answers.set(id, { answer: 'FAIL', failureDetail });
  }

  failToAnswer(id: string): void {
    this.unreachable.add(id);
  }
}
