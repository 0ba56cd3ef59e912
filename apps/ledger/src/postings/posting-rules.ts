import { Environment } from '@payments/contracts';
import { ErrorCode } from '@payments/http';
import { ACCOUNT_KINDS, AccountKind, SystemAccountKind } from '@ledger/accounts/account.entity';
import { MAX_JSON_AMOUNT } from '@ledger/accounts/minor-units';

export const POSTING_KINDS = ['DEPOSIT', 'RESERVE', 'SETTLE', 'RELEASE'] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

/** Where each kind moves its amount: `from` gets the negative entry, `to` the positive one. */
const MOVEMENTS: Record<PostingKind, { from: AccountKind; to: AccountKind }> = {
  // Money arrives from outside the service.
  DEPOSIT: { from: 'EXTERNAL_SETTLEMENT', to: 'INTERNAL' },
  // An outgoing transfer sets the money aside until its rail settles or fails.
  RESERVE: { from: 'INTERNAL', to: 'IN_TRANSIT' },
  // The rail paid out: the reserved money leaves the service.
  SETTLE: { from: 'IN_TRANSIT', to: 'EXTERNAL_SETTLEMENT' },
  // The rail failed: the reserved money goes back.
  RELEASE: { from: 'IN_TRANSIT', to: 'INTERNAL' },
};

/** SETTLE and RELEASE each close the transaction's RESERVE, so each excludes the other. */
const CLOSES_RESERVATION: readonly PostingKind[] = ['SETTLE', 'RELEASE'];

/**
 * Why a posting is refused: the API's error code for that outcome (its HTTP status follows from the
 * code) and the message the caller reads. A refusal is one posting's result, not a fault of the batch.
 */
export interface PostingRefusal {
  code: Extract<
    ErrorCode,
    | 'ACCOUNT_NOT_FOUND'
    | 'INVALID_CURRENCY'
    | 'INVALID_INPUT'
    | 'CONFLICT'
    | 'INSUFFICIENT_BALANCE'
    | 'AMOUNT_OUT_OF_RANGE'
  >;
  message: string;
}

export interface Leg {
  account: AccountKind;
  /** Signed minor units: negative leaves the account, positive enters it. */
  amount: bigint;
}

/** What a posting is about; a repeated request and a closing posting must agree with it. */
export interface PostingTerms {
  platformId: string;
  environment: Environment;
  internalAccountId: string;
  amount: bigint;
  currency: string;
}

export interface StoredPosting extends PostingTerms {
  id: string;
  transactionId: string;
  kind: PostingKind;
  balanceAfter: bigint;
}

/** The parts of a SETTLE's or DEPOSIT's amount that go to the fee accounts instead of on. */
export interface SettlementFees {
  platform: bigint;
  service: bigint;
}

const NO_FEES: SettlementFees = { platform: 0n, service: 0n };

/**
 * The posting's entries, which sum to zero, in the order their accounts are locked. Fees split the
 * positive side: the fees to the fee accounts, the rest to where the money goes.
 */
export function legsOf(kind: PostingKind, amount: bigint, fees: SettlementFees = NO_FEES): Leg[] {
  const { from, to } = MOVEMENTS[kind];
  const legs: Leg[] = [
    { account: from, amount: -amount },
    { account: to, amount: amount - fees.platform - fees.service },
    { account: 'PLATFORM_FEES', amount: fees.platform },
    { account: 'SERVICE_FEES', amount: fees.service },
  ];
  return legs
    .filter((leg, index) => index < 2 || leg.amount !== 0n)
    .sort((a, b) => ACCOUNT_KINDS.indexOf(a.account) - ACCOUNT_KINDS.indexOf(b.account));
}

/**
 * Fees are taken where money arrives at its destination, a payout's SETTLE or an incoming DEPOSIT,
 * and must leave part of the amount for it; undefined when they do.
 */
export function feesRefusal(
  kind: PostingKind,
  amount: bigint,
  fees: SettlementFees,
): PostingRefusal | undefined {
  const total = fees.platform + fees.service;
  if (total === 0n) return undefined;
  if (kind !== 'SETTLE' && kind !== 'DEPOSIT') {
    return { code: 'INVALID_INPUT', message: 'Only a SETTLE or a DEPOSIT posting carries fees' };
  }
  if (total >= amount) return { code: 'INVALID_INPUT', message: 'The fees must be less than the amount' };
  return undefined;
}

/** How the legs change the internal account: zero for SETTLE, which does not touch it. */
export function internalChangeOf(legs: Leg[]): bigint {
  return legs.find((leg) => leg.account === 'INTERNAL')?.amount ?? 0n;
}

export function systemAccountsOf(legs: Leg[]): SystemAccountKind[] {
  return legs.flatMap((leg) => (leg.account === 'INTERNAL' ? [] : [leg.account]));
}

/** A repeated (transactionId, kind) answers its first posting, unless its terms differ. */
export function repeatRefusal(earlier: StoredPosting, repeat: StoredPosting): PostingRefusal | undefined {
  if (sameTerms(earlier, repeat)) return undefined;
  return {
    code: 'CONFLICT',
    message: `Transaction ${repeat.transactionId} already has a ${repeat.kind} posting with other terms`,
  };
}

export function sameTerms(a: PostingTerms, b: PostingTerms): boolean {
  return (
    a.platformId === b.platformId &&
    a.environment === b.environment &&
    a.internalAccountId === b.internalAccountId &&
    a.amount === b.amount &&
    a.currency === b.currency
  );
}

export function closesReservation(kind: PostingKind): boolean {
  return CLOSES_RESERVATION.includes(kind);
}

/**
 * Refuses a SETTLE or RELEASE unless the transaction's RESERVE has the same terms and is still
 * open; undefined when it is. `postings` are all of the transaction's, read under the internal
 * account's lock.
 */
export function closingRefusal(
  posting: StoredPosting,
  postings: StoredPosting[],
): PostingRefusal | undefined {
  const reservation = postings.find((other) => other.kind === 'RESERVE');
  // Absent and different (another account, amount or platform) read alike, so nothing leaks.
  if (!reservation || !sameTerms(reservation, posting)) {
    return {
      code: 'CONFLICT',
      message: `Transaction ${posting.transactionId} has no reservation of this amount on this account`,
    };
  }
  const closedBy = postings.find((other) => other.kind !== posting.kind && closesReservation(other.kind));
  if (closedBy) {
    return {
      code: 'CONFLICT',
      message: `The reservation of transaction ${posting.transactionId} was already closed by ${closedBy.kind}`,
    };
  }
  return undefined;
}

/** The internal account's balance a posting would leave must stay in 0..2^53-1; undefined when it does. */
export function balanceRefusal(balanceBefore: bigint, balanceAfter: bigint): PostingRefusal | undefined {
  if (balanceAfter < 0n) {
    return {
      code: 'INSUFFICIENT_BALANCE',
      message: `The account holds ${balanceBefore} minor units and this needs ${balanceBefore - balanceAfter}: fund the account or send less`,
    };
  }
  if (balanceAfter > MAX_JSON_AMOUNT) {
    return {
      code: 'AMOUNT_OUT_OF_RANGE',
      message: 'The account balance would exceed the largest amount it can hold',
    };
  }
  return undefined;
}
