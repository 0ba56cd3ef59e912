import { Environment } from '@payments/contracts';
import {
  balanceRefusal,
  closesReservation,
  closingRefusal,
  feesRefusal,
  internalChangeOf,
  legsOf,
  POSTING_KINDS,
  PostingKind,
  repeatRefusal,
  sameTerms,
  StoredPosting,
  systemAccountsOf,
} from '@ledger/postings/posting-rules';

const TERMS = {
  platformId: 'Platform:1',
  environment: Environment.Sandbox,
  internalAccountId: 'a1',
  amount: 100n,
  currency: 'USD',
};

function posting(kind: PostingKind, changes: Partial<StoredPosting> = {}): StoredPosting {
  return { id: `${kind}-id`, transactionId: 'Transaction:1', kind, ...TERMS, balanceAfter: 0n, ...changes };
}

describe('legsOf', () => {
  it.each(POSTING_KINDS)('balances a %s: its two entries sum to zero', (kind) => {
    const legs = legsOf(kind, 9_000_000_000_000_000n);
    expect(legs).toHaveLength(2);
    expect(legs.reduce((sum, leg) => sum + leg.amount, 0n)).toBe(0n);
  });

  it('moves each kind between the documented accounts, locking the internal account first', () => {
    expect(legsOf('DEPOSIT', 5n)).toEqual([
      { account: 'INTERNAL', amount: 5n },
      { account: 'EXTERNAL_SETTLEMENT', amount: -5n },
    ]);
    expect(legsOf('RESERVE', 5n)).toEqual([
      { account: 'INTERNAL', amount: -5n },
      { account: 'IN_TRANSIT', amount: 5n },
    ]);
    expect(legsOf('SETTLE', 5n)).toEqual([
      { account: 'EXTERNAL_SETTLEMENT', amount: 5n },
      { account: 'IN_TRANSIT', amount: -5n },
    ]);
    expect(legsOf('RELEASE', 5n)).toEqual([
      { account: 'INTERNAL', amount: 5n },
      { account: 'IN_TRANSIT', amount: -5n },
    ]);
  });

  it('tells how the internal account changes and which system accounts a posting needs', () => {
    expect(POSTING_KINDS.map((kind) => internalChangeOf(legsOf(kind, 7n)))).toEqual([7n, -7n, 0n, 7n]);
    expect(systemAccountsOf(legsOf('DEPOSIT', 1n))).toEqual(['EXTERNAL_SETTLEMENT']);
    expect(systemAccountsOf(legsOf('SETTLE', 1n))).toEqual(['EXTERNAL_SETTLEMENT', 'IN_TRANSIT']);
  });

  it("splits a quote's SETTLE: fees to the fee accounts, the rest out, still balanced", () => {
    const legs = legsOf('SETTLE', 10_000n, { platform: 100n, service: 40n });
    expect(legs).toEqual([
      { account: 'EXTERNAL_SETTLEMENT', amount: 9_860n },
      { account: 'IN_TRANSIT', amount: -10_000n },
      { account: 'PLATFORM_FEES', amount: 100n },
      { account: 'SERVICE_FEES', amount: 40n },
    ]);
    expect(legs.reduce((sum, leg) => sum + leg.amount, 0n)).toBe(0n);
    expect(legsOf('SETTLE', 10_000n, { platform: 0n, service: 40n }).map((leg) => leg.account)).toEqual([
      'EXTERNAL_SETTLEMENT',
      'IN_TRANSIT',
      'SERVICE_FEES',
    ]);
  });

  it('takes fees on a SETTLE or DEPOSIT only, and less than the amount', () => {
    expect(feesRefusal('RESERVE', 100n, { platform: 1n, service: 0n })).toEqual({
      code: 'INVALID_INPUT',
      message: 'Only a SETTLE or a DEPOSIT posting carries fees',
    });
    expect(feesRefusal('DEPOSIT', 100n, { platform: 1n, service: 0n })).toBeUndefined();
    expect(feesRefusal('SETTLE', 100n, { platform: 60n, service: 40n })).toEqual({
      code: 'INVALID_INPUT',
      message: 'The fees must be less than the amount',
    });
    expect(feesRefusal('SETTLE', 100n, { platform: 59n, service: 40n })).toBeUndefined();
    expect(feesRefusal('RELEASE', 100n, { platform: 0n, service: 0n })).toBeUndefined();
  });
});

describe('sameTerms', () => {
  it('compares platform, environment, account, amount and currency', () => {
    expect(sameTerms(TERMS, { ...TERMS })).toBe(true);
    for (const change of [
      { platformId: 'Platform:2' },
      { environment: Environment.Production },
      { internalAccountId: 'a2' },
      { amount: 101n },
      { currency: 'EUR' },
    ]) {
      expect(sameTerms(TERMS, { ...TERMS, ...change })).toBe(false);
    }
  });

  it('lets a repeated key answer its first posting only with the same terms', () => {
    expect(repeatRefusal(posting('DEPOSIT'), posting('DEPOSIT', { id: 'other' }))).toBeUndefined();
    expect(repeatRefusal(posting('DEPOSIT'), posting('DEPOSIT', { amount: 101n }))).toEqual({
      code: 'CONFLICT',
      message: 'Transaction Transaction:1 already has a DEPOSIT posting with other terms',
    });
  });
});

describe('closingRefusal', () => {
  it('lets SETTLE and RELEASE close an open reservation with the same terms', () => {
    expect(closesReservation('SETTLE') && closesReservation('RELEASE')).toBe(true);
    expect(closesReservation('DEPOSIT') || closesReservation('RESERVE')).toBe(false);
    const settle = posting('SETTLE');
    expect(closingRefusal(settle, [posting('RESERVE'), settle])).toBeUndefined();
  });

  it('refuses without a reservation, or with one of other terms, alike', () => {
    const settle = posting('SETTLE');
    const missing = closingRefusal(settle, [settle]);
    const otherAmount = closingRefusal(settle, [posting('RESERVE', { amount: 99n }), settle]);
    const otherPlatform = closingRefusal(settle, [posting('RESERVE', { platformId: 'Platform:2' }), settle]);
    expect(missing).toEqual({
      code: 'CONFLICT',
      message: 'Transaction Transaction:1 has no reservation of this amount on this account',
    });
    expect(otherAmount).toEqual(missing);
    expect(otherPlatform).toEqual(missing);
  });

  it('refuses to close a reservation twice, whichever way', () => {
    const release = posting('RELEASE');
    expect(closingRefusal(release, [posting('RESERVE'), posting('SETTLE'), release])).toEqual({
      code: 'CONFLICT',
      message: 'The reservation of transaction Transaction:1 was already closed by SETTLE',
    });
    const settle = posting('SETTLE');
    expect(closingRefusal(settle, [posting('RESERVE'), posting('RELEASE'), settle])?.code).toBe('CONFLICT');
  });
});

describe('balanceRefusal', () => {
  it('keeps an internal balance between zero and 2^53 - 1', () => {
    expect(balanceRefusal(5n, 0n)).toBeUndefined();
    expect(balanceRefusal(0n, 9_007_199_254_740_991n)).toBeUndefined();
    expect(balanceRefusal(500n, -100n)).toEqual({
      code: 'INSUFFICIENT_BALANCE',
      message: 'The account holds 500 minor units and this needs 600: fund the account or send less',
    });
    expect(balanceRefusal(0n, 9_007_199_254_740_992n)).toEqual({
      code: 'AMOUNT_OUT_OF_RANGE',
      message: 'The account balance would exceed the largest amount it can hold',
    });
  });
});
