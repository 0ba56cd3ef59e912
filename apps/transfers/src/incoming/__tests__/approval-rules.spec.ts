import { ApprovalAnswerReceivedV1 } from '@payments/contracts';
import { decideFromAnswer, missingMandatoryFields } from '@transfers/incoming/approval-rules';

const REQUESTED = [
  { name: 'FULL_NAME', mandatory: true },
  { name: 'BIRTH_DATE', mandatory: true },
  { name: 'EMAIL', mandatory: false },
];
const ANSWERED_AT = '2026-11-25T10:00:00.000Z';
const TIMEOUT_SECONDS = 5;

const answered = (responseStatus: number, body: unknown = ''): ApprovalAnswerReceivedV1 => ({
  transactionId: 'Transaction:0a6c3f0e-51a4-4b1e-9f3c-4c1f6d2b8e01',
  outcome: 'ANSWERED',
  responseStatus,
  responseBody: typeof body === 'string' ? body : JSON.stringify(body),
  answeredAt: ANSWERED_AT,
});
const decide = (answer: ApprovalAnswerReceivedV1) => decideFromAnswer(answer, REQUESTED, TIMEOUT_SECONDS);

describe('approval rules (docs/api.md#approvals)', () => {
  it('approves a 200 whose receiverCustomerInfo holds every mandatory field', () => {
    const info = { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1985-12-10' };
    expect(decide(answered(200, { receiverCustomerInfo: info }))).toEqual({
      kind: 'approve',
      receiverCustomerInfo: info,
    });
  });

  it('fails a 200 that lacks a mandatory field with MISSING_MANDATORY_PAYEE_DATA, naming it', () => {
    const decision = decide(answered(200, { receiverCustomerInfo: { FULL_NAME: 'Ada', BIRTH_DATE: '' } }));
    expect(decision).toMatchObject({ kind: 'fail', reason: 'MISSING_MANDATORY_PAYEE_DATA' });
    expect(decision.kind === 'fail' && decision.detail).toContain('BIRTH_DATE');
  });

  it('counts a 200 it cannot read as an unusable answer', () => {
    for (const body of [
      'not json',
      '[]',
      { receiverCustomerInfo: { FULL_NAME: 7 } },
      { receiverCustomerInfo: 'x' },
    ]) {
      expect(decide(answered(200, body))).toMatchObject({
        kind: 'fail',
        reason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR',
      });
    }
  });

  it('acknowledges a 202 with a deadline APPROVAL_TIMEOUT_SECONDS after the answer', () => {
    expect(decide(answered(202))).toEqual({
      kind: 'acknowledge',
      deadlineAt: new Date('2026-11-25T10:00:05.000Z'),
    });
  });

  it('rejects on 403, keeping the reason the platform gave', () => {
    expect(decide(answered(403, { code: 'X', message: 'no', reason: 'sanctions' }))).toEqual({
      kind: 'reject',
      reason: 'sanctions',
    });
    expect(decide(answered(403))).toEqual({ kind: 'reject', reason: 'no reason given' });
  });

  it('fails on 422 with MISSING_MANDATORY_PAYEE_DATA, naming the required fields', () => {
    const decision = decide(answered(422, { requiredFields: ['NATIONALITY', 'ADDRESS'] }));
    expect(decision).toMatchObject({ kind: 'fail', reason: 'MISSING_MANDATORY_PAYEE_DATA' });
    expect(decision.kind === 'fail' && decision.detail).toContain('NATIONALITY, ADDRESS');
  });

  it('fails any other status as an unusable answer', () => {
    for (const status of [201, 204, 301, 400, 404, 409, 500, 503]) {
      expect(decide(answered(status))).toMatchObject({
        kind: 'fail',
        reason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR',
      });
    }
  });

  it('fails a timed-out request with PAYMENT_APPROVAL_TIMED_OUT and an unreachable endpoint with WEBHOOK_ERROR', () => {
    const base = { transactionId: 'Transaction:x', answeredAt: ANSWERED_AT };
    expect(decide({ ...base, outcome: 'TIMED_OUT', error: 'no answer within 5000 ms' })).toMatchObject({
      kind: 'fail',
      reason: 'PAYMENT_APPROVAL_TIMED_OUT',
    });
    expect(decide({ ...base, outcome: 'UNREACHABLE', error: 'connect ECONNREFUSED' })).toMatchObject({
      kind: 'fail',
      reason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR',
    });
  });

  it('names the mandatory fields missing, in the order requested, and ignores optional ones', () => {
    expect(missingMandatoryFields(REQUESTED, {})).toEqual(['FULL_NAME', 'BIRTH_DATE']);
    expect(missingMandatoryFields(REQUESTED, { BIRTH_DATE: '1985-12-10' })).toEqual(['FULL_NAME']);
    expect(missingMandatoryFields(REQUESTED, { FULL_NAME: 'A', BIRTH_DATE: 'B' })).toEqual([]);
  });
});
