import { Caller } from '@payments/http';
import { FailureReason, Transaction } from '@transfers/transactions/transaction.entity';

/** What a rail answers for a movement: it settles, fails, or the bank rejects it. */
export type RailAnswer = 'SETTLE' | 'FAIL' | 'REJECT';

/** As recorded on a rail attempt: PENDING until a rail that answers later has answered (Rail.poll). */
export type RecordedRailAnswer = RailAnswer | 'PENDING';

export interface RailOutcome {
  answer: RecordedRailAnswer;
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

/** How a UMA receiver answered a pay request. */
export interface PayRequestAnswer {
  accepted: boolean;
  detail?: string;
  /** Bare uuid of the payment the pay request opened, when the receiver is a platform of this deployment. */
  receiverTransactionId?: string;
  /** With receiverTransactionId: the UMA address the pay request paid as. */
  payerUmaAddress?: string;
}

/** A rail's answer for a payment it had not answered when the payment was made. */
export interface PolledAnswer {
  answer: RailAnswer;
  /** Why, when the answer is not SETTLE: the transaction's failureDetail. */
  failureDetail?: string;
}

/**
 * Where payments to and from external accounts are made: a bank, a payout provider or the sandbox
 * simulator, chosen per deployment by RAIL (docs/architecture.md, "Adding a rail"). A new payment's
 * outcome is recorded with it: a rail that knows at once (the simulator) answers SETTLE, FAIL or
 * REJECT with when to act; one that answers later says PENDING, and the settlement worker polls it
 * each time the attempt falls due until it answers. Every call names the transaction, so a rail can
 * be asked again after a crash and must answer the same: its submission is idempotent by id.
 */
export abstract class Rail {
  /** A payment to (PUSH) or from (PULL) the external account whose primary identifier is given. */
  abstract outcomeOf(caller: Caller, direction: RailDirection, primaryIdentifier: string): RailOutcome;

  /** A payout (`push`) whose money the rail first pulls from an external account. */
  abstract outcomeOfPull(caller: Caller, sourceIdentifier: string, push: RailOutcome): RailOutcome;

  /** A payment to a UMA receiver that answered its pay request so. */
  abstract outcomeOfPayRequest(answer: PayRequestAnswer): RailOutcome;

  /**
   * The answer for a payment recorded PENDING, asked when its attempt falls due (the first time is
   * where a rail answering later submits it); undefined while the rail has none, to be asked again.
   */
  abstract poll(payment: Transaction): Promise<PolledAnswer | undefined>;

  /** The payment will not be made (its request never completed): the rail drops it if it had it. */
  abstract cancel(payment: Transaction): Promise<void>;
}
