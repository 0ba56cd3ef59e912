import { sandboxOutcome, simulatedSettlement } from '@transfers/rails/sandbox-rail';

const TIMING = { settlementMs: 500, delayedFailureMs: 30_000 };

describe('sandbox rail outcome by the ending of the primary identifier', () => {
  it.each([
    ['PULL', '123456789002', 'FAIL', 'Insufficient funds in the source account', 500],
    ['PUSH', '123456789002', 'SETTLE', undefined, 500],
    ['PULL', '123456789003', 'FAIL', 'Account closed or invalid', 500],
    ['PUSH', '123456789003', 'FAIL', 'Account closed or invalid', 500],
    ['PULL', '123456789004', 'REJECT', 'Transfer rejected by the bank', 500],
    ['PUSH', '123456789004', 'REJECT', 'Transfer rejected by the bank', 500],
    ['PULL', '123456789005', 'FAIL', 'Timed out waiting for the bank', 30_000],
    ['PUSH', '123456789005', 'FAIL', 'Timed out waiting for the bank', 30_000],
    ['PUSH', '123456789001', 'SETTLE', undefined, 500],
    ['PULL', '123456789000', 'SETTLE', undefined, 500],
    ['PUSH', '1234567890020', 'SETTLE', undefined, 500],
  ] as const)('%s from/to %s: %s', (direction, identifier, answer, failureDetail, delayMs) => {
    const outcome = sandboxOutcome(direction, identifier, TIMING);
    expect(outcome).toEqual({ answer, delayMs, ...(failureDetail ? { failureDetail } : {}) });
  });

  it('reads any kind of identifier: CLABE, IBAN, wallet address', () => {
    expect(sandboxOutcome('PUSH', '032180000118359003', TIMING).answer).toBe('FAIL');
    expect(sandboxOutcome('PUSH', 'DE89370400440532013004', TIMING).answer).toBe('REJECT');
    expect(
      sandboxOutcome('PUSH', 'spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu', TIMING)
        .answer,
    ).toBe('SETTLE');
  });

  it('settles a simulated deposit after the settlement delay', () => {
    expect(simulatedSettlement(TIMING)).toEqual({ answer: 'SETTLE', delayMs: 500 });
  });
});
