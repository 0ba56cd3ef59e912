import { ABANDONED_DETAIL, backoffMs, planSettlement } from '@transfers/rails/settlement-plan';

describe('settlement plan', () => {
  it('credits a settled deposit or transfer-in and completes it', () => {
    expect(
      planSettlement({ type: 'INCOMING', status: 'PENDING', answer: 'SETTLE', railFailureDetail: null }),
    ).toEqual({
      kind: 'move',
      posting: 'DEPOSIT',
      change: { to: 'COMPLETED', reason: 'Settled by the rail' },
    });
  });

  it('completes the reserve of a settled transfer-out', () => {
    expect(
      planSettlement({ type: 'OUTGOING', status: 'PENDING', answer: 'SETTLE', railFailureDetail: null }),
    ).toMatchObject({
      posting: 'SETTLE',
      change: { to: 'COMPLETED' },
    });
  });

  it('releases the reserve of a failed transfer-out and fails it with the rail detail', () => {
    expect(
      planSettlement({
        type: 'OUTGOING',
        status: 'PENDING',
        answer: 'FAIL',
        railFailureDetail: 'Account closed or invalid',
      }),
    ).toEqual({
      kind: 'move',
      posting: 'RELEASE',
      change: {
        to: 'FAILED',
        reason: 'Account closed or invalid',
        failure: { reason: 'OFFRAMP_FAILED', detail: 'Account closed or invalid' },
      },
    });
  });

  it('releases the reserve of a rejected transfer-out and ends it REJECTED', () => {
    expect(
      planSettlement({
        type: 'OUTGOING',
        status: 'PENDING',
        answer: 'REJECT',
        railFailureDetail: 'Transfer rejected by the bank',
      }),
    ).toMatchObject({
      posting: 'RELEASE',
      change: { to: 'REJECTED', failure: { reason: 'OFFRAMP_FAILED' } },
    });
  });

  it('touches no ledger for a failed or rejected transfer-in: nothing was credited', () => {
    for (const answer of ['FAIL', 'REJECT'] as const) {
      const plan = planSettlement({ type: 'INCOMING', status: 'PENDING', answer, railFailureDetail: 'No' });
      expect(plan).toMatchObject({ kind: 'move', change: { to: answer === 'FAIL' ? 'FAILED' : 'REJECTED' } });
      expect(plan).not.toHaveProperty('posting');
    }
  });

  it('abandons a transfer-out still CREATED, whatever the rail would answer', () => {
    expect(
      planSettlement({ type: 'OUTGOING', status: 'CREATED', answer: 'SETTLE', railFailureDetail: null }),
    ).toEqual({
      kind: 'abandon',
    });
    expect(ABANDONED_DETAIL).toMatch(/nothing was sent/);
  });

  it.each(['COMPLETED', 'FAILED', 'REJECTED'] as const)(
    'only closes the attempt of a %s transaction',
    (status) => {
      expect(planSettlement({ type: 'OUTGOING', status, answer: 'SETTLE', railFailureDetail: null })).toEqual(
        { kind: 'close' },
      );
    },
  );
});

describe('back-off of a failing rail step', () => {
  it('doubles from 200 ms and stops at a minute', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([200, 400, 800, 1600]);
    expect(backoffMs(10)).toBe(60_000);
    expect(backoffMs(10_000)).toBe(60_000);
  });
});
