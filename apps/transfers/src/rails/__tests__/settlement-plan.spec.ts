import { Environment } from '@payments/contracts';
import { ABANDONED_DETAIL, DueTransaction, planSettlement } from '@transfers/rails/settlement-plan';
import { backoffMs } from '@transfers/rails/settlement-recorder';

type Due = Parameters<typeof planSettlement>[0];

/** A same-currency transfer's due attempt unless `changes` say otherwise. */
function due(changes: Partial<Due> & Pick<DueTransaction, 'type' | 'status' | 'answer'>): Due {
  return {
    environment: Environment.Sandbox,
    railFailureDetail: null,
    railFailureReason: null,
    failedLeg: null,
    sourceType: 'ACCOUNT',
    fundingAccountId: null,
    ...awaitsNothing,
    ...changes,
  };
}

const awaitsNothing = {
  awaitsTransactionId: null,
  awaitedType: null,
  awaitedEnvironment: null,
  awaitedStatus: null,
  awaitedFailureReason: null,
  awaitedMatches: false,
  awaitsFunding: false,
  funded: false,
  fundingOverdue: false,
} as const;

/** A payment to a UMA receiver on this deployment whose incoming payment stands so. */
function paying(awaited: Pick<Due, 'awaitedStatus'> & Partial<Due>): Due {
  return due({
    type: 'OUTGOING',
    status: 'PENDING',
    answer: 'SETTLE',
    awaitsTransactionId: '00000000-0000-4000-8000-0000000000bb',
    awaitedType: 'INCOMING',
    awaitedEnvironment: Environment.Sandbox,
    awaitedFailureReason: null,
    awaitedMatches: true,
    ...awaited,
  });
}

describe('settlement plan', () => {
  it('credits a settled deposit or transfer-in and completes it', () => {
    expect(
      planSettlement(due({ type: 'INCOMING', status: 'PENDING', answer: 'SETTLE', railFailureDetail: null })),
    ).toEqual({
      kind: 'move',
      postings: ['DEPOSIT'],
      change: { to: 'COMPLETED', reason: 'Settled by the rail' },
    });
  });

  it('fails a payout whose pay request was refused with that reason, and releases its reserve', () => {
    const detail = 'The receiver refused the pay request';
    expect(
      planSettlement(
        due({
          type: 'OUTGOING',
          status: 'PENDING',
          answer: 'FAIL',
          railFailureDetail: detail,
          railFailureReason: 'PAY_REQUEST_FAILED',
        }),
      ),
    ).toEqual({
      kind: 'move',
      postings: ['RELEASE'],
      change: { to: 'FAILED', reason: detail, failure: { reason: 'PAY_REQUEST_FAILED', detail } },
    });
  });

  it('completes the reserve of a settled transfer-out', () => {
    expect(
      planSettlement(due({ type: 'OUTGOING', status: 'PENDING', answer: 'SETTLE', railFailureDetail: null })),
    ).toMatchObject({
      postings: ['SETTLE'],
      change: { to: 'COMPLETED' },
    });
  });

  it('releases the reserve of a failed transfer-out and fails it with the rail detail', () => {
    expect(
      planSettlement(
        due({
          type: 'OUTGOING',
          status: 'PENDING',
          answer: 'FAIL',
          railFailureDetail: 'Account closed or invalid',
        }),
      ),
    ).toEqual({
      kind: 'move',
      postings: ['RELEASE'],
      change: {
        to: 'FAILED',
        reason: 'Account closed or invalid',
        failure: { reason: 'OFFRAMP_FAILED', detail: 'Account closed or invalid' },
      },
    });
  });

  it('releases the reserve of a rejected transfer-out and ends it REJECTED', () => {
    expect(
      planSettlement(
        due({
          type: 'OUTGOING',
          status: 'PENDING',
          answer: 'REJECT',
          railFailureDetail: 'Transfer rejected by the bank',
        }),
      ),
    ).toMatchObject({
      postings: ['RELEASE'],
      change: { to: 'REJECTED', failure: { reason: 'OFFRAMP_FAILED' } },
    });
  });

  it('touches no ledger for a failed or rejected transfer-in: nothing was credited', () => {
    for (const answer of ['FAIL', 'REJECT'] as const) {
      const plan = planSettlement(
        due({ type: 'INCOMING', status: 'PENDING', answer, railFailureDetail: 'No' }),
      );
      expect(plan).toMatchObject({ kind: 'move', change: { to: answer === 'FAIL' ? 'FAILED' : 'REJECTED' } });
      expect(plan).toMatchObject({ postings: [] });
    }
  });

  it('abandons a transfer-out still CREATED, whatever the rail would answer', () => {
    expect(
      planSettlement(due({ type: 'OUTGOING', status: 'CREATED', answer: 'SETTLE', railFailureDetail: null })),
    ).toEqual({
      kind: 'abandon',
    });
    expect(ABANDONED_DETAIL).toMatch(/nothing was sent/);
  });

  it.each(['COMPLETED', 'FAILED', 'REJECTED'] as const)(
    'only closes the attempt of a %s transaction',
    (status) => {
      expect(
        planSettlement(due({ type: 'OUTGOING', status, answer: 'SETTLE', railFailureDetail: null })),
      ).toEqual({ kind: 'close' });
    },
  );
});

describe('settlement plan of a payout funded by an ACH pull', () => {
  const pullFunded = { type: 'OUTGOING', status: 'PENDING', fundingAccountId: 'InternalAccount:1' } as const;

  it('credits and reserves what the pull took, then settles', () => {
    expect(planSettlement(due({ ...pullFunded, answer: 'SETTLE' }))).toMatchObject({
      postings: ['DEPOSIT', 'RESERVE', 'SETTLE'],
      change: { to: 'COMPLETED' },
    });
  });

  it('keeps the pulled money in the customer account when the payout fails', () => {
    expect(
      planSettlement(
        due({ ...pullFunded, answer: 'FAIL', railFailureDetail: 'Account closed', failedLeg: 'PUSH' }),
      ),
    ).toMatchObject({ postings: ['DEPOSIT', 'RESERVE', 'RELEASE'], change: { to: 'FAILED' } });
  });

  it('touches no ledger when the pull itself failed', () => {
    expect(
      planSettlement(
        due({ ...pullFunded, answer: 'FAIL', railFailureDetail: 'Insufficient funds', failedLeg: 'PULL' }),
      ),
    ).toMatchObject({ postings: [], change: { to: 'FAILED' } });
  });
});

describe('settlement plan of a payment between platforms of this deployment', () => {
  describe('a payment to a UMA receiver on this deployment', () => {
    it.each(['CREATED', 'PENDING', 'PROCESSING'] as const)(
      'waits while the receiver payment is %s',
      (status) => {
        expect(planSettlement(paying({ awaitedStatus: status }))).toEqual({ kind: 'wait' });
      },
    );

    it("settles once the receiver's payment completed", () => {
      expect(planSettlement(paying({ awaitedStatus: 'COMPLETED' }))).toEqual({
        kind: 'move',
        postings: ['SETTLE'],
        change: { to: 'COMPLETED', reason: 'Settled by the rail' },
      });
    });

    it('is rejected, its reserve released, when the receiving platform rejected the payment', () => {
      const detail =
        "The receiving platform rejected the payment: the sender's money was released; ask the receiver why before paying again";
      expect(planSettlement(paying({ awaitedStatus: 'REJECTED' }))).toEqual({
        kind: 'move',
        postings: ['RELEASE'],
        change: { to: 'REJECTED', reason: detail, failure: { reason: 'PAY_REQUEST_FAILED', detail } },
      });
    });

    it.each([
      ['PAYMENT_APPROVAL_TIMED_OUT', 'PAY_REQUEST_FAILED', 'did not approve the payment in time'],
      ['PAYMENT_APPROVAL_WEBHOOK_ERROR', 'PAY_REQUEST_FAILED', 'could not take the payment'],
      ['MISSING_MANDATORY_PAYEE_DATA', 'MISSING_MANDATORY_PAYEE_DATA', 'lacked payee data'],
    ] as const)(
      'fails, its reserve released, when the receiver payment failed with %s',
      (theirs, ours, detail) => {
        expect(planSettlement(paying({ awaitedStatus: 'FAILED', awaitedFailureReason: theirs }))).toEqual({
          kind: 'move',
          postings: ['RELEASE'],
          change: {
            to: 'FAILED',
            reason: expect.stringContaining(detail),
            failure: { reason: ours, detail: expect.stringContaining(detail) },
          },
        });
      },
    );

    it.each([
      ['is missing', { awaitedStatus: null, awaitedType: null, awaitedEnvironment: null }],
      ['is not incoming', { awaitedStatus: 'COMPLETED', awaitedType: 'OUTGOING' }],
      [
        'is of another environment',
        { awaitedStatus: 'COMPLETED', awaitedEnvironment: Environment.Production },
      ],
    ] as const)('fails when the payment it names %s', (_, awaited) => {
      expect(planSettlement(paying(awaited as Partial<Due> & Pick<Due, 'awaitedStatus'>))).toMatchObject({
        kind: 'move',
        postings: ['RELEASE'],
        change: { to: 'FAILED', failure: { reason: 'PAY_REQUEST_FAILED' } },
      });
    });

    // The attack: whoever answered the pay request named a payment of its choosing, already completed.
    it.each(['PENDING', 'COMPLETED'] as const)(
      'fails, its reserve released, when the %s payment it names is another payment',
      (awaitedStatus) => {
        const detail =
          "The receiver's payment named by its pay response differs in amount, currency, receiver or sender: the sender's money was released; ask the receiver's platform before paying again";
        expect(planSettlement(paying({ awaitedStatus, awaitedMatches: false }))).toEqual({
          kind: 'move',
          postings: ['RELEASE'],
          change: { to: 'FAILED', reason: detail, failure: { reason: 'PAY_REQUEST_FAILED', detail } },
        });
      },
    );
  });

  describe('a payment from a platform of this deployment', () => {
    const incoming = (funding: Pick<Due, 'funded' | 'fundingOverdue'>) =>
      due({ type: 'INCOMING', status: 'PROCESSING', answer: 'SETTLE', awaitsFunding: true, ...funding });

    it("waits for the sender's side to reserve the money", () => {
      expect(planSettlement(incoming({ funded: false, fundingOverdue: false }))).toEqual({ kind: 'wait' });
    });

    it('is credited once the sender has reserved it', () => {
      expect(planSettlement(incoming({ funded: true, fundingOverdue: true }))).toMatchObject({
        kind: 'move',
        postings: ['DEPOSIT'],
        change: { to: 'COMPLETED' },
      });
    });

    it('fails, crediting nothing, when the sender never reserved it in time', () => {
      expect(planSettlement(incoming({ funded: false, fundingOverdue: true }))).toEqual({
        kind: 'move',
        postings: [],
        change: {
          to: 'FAILED',
          reason:
            "The sender's platform did not fund the payment: nothing was credited; the sender may pay again",
          failure: {
            reason: 'PAY_REQUEST_FAILED',
            detail:
              "The sender's platform did not fund the payment: nothing was credited; the sender may pay again",
          },
        },
      });
    });
  });
});

describe('back-off of a failing rail step', () => {
  it('doubles from 200 ms and stops at a minute', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([200, 400, 800, 1600]);
    expect(backoffMs(10)).toBe(60_000);
    expect(backoffMs(10_000)).toBe(60_000);
  });
});
