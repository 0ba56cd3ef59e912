import { Environment } from '@payments/contracts';
import {
  approvalRequests,
  attempt,
  bodyAt,
  delivery,
  TRANSACTION,
} from '@webhooks/approvals/__tests__/approvals-kit';
import { answerOf, decisionAfter } from '@webhooks/approvals/approval-request.sender';

describe('approval requests', () => {
  it('reports any answer as ANSWERED, status and body as they came, keyed by the transaction', () => {
    const answer = answerOf(delivery, { ...attempt, responseStatus: 403, responseBody: '{"reason":"no"}' });
    expect(answer).toMatchObject({
      type: 'approval.answer-received',
      aggregateId: TRANSACTION,
      platformId: delivery.platformId,
      environment: Environment.Sandbox,
      payload: {
        transactionId: TRANSACTION,
        outcome: 'ANSWERED',
        responseStatus: 403,
        responseBody: '{"reason":"no"}',
        answeredAt: '2026-11-25T10:00:00.120Z',
      },
    });
    expect(decisionAfter({ ...attempt, responseStatus: 403 }).status).toBe('DELIVERED');
  });

  it('tells a timeout from an unreachable endpoint, and gives the webhook up at once', () => {
    expect(
      answerOf(delivery, { ...attempt, error: 'no answer within 5000 ms', timedOut: true }).payload.outcome,
    ).toBe('TIMED_OUT');
    expect(answerOf(delivery, { ...attempt, error: 'connect ECONNREFUSED' }).payload).toMatchObject({
      outcome: 'UNREACHABLE',
      error: 'connect ECONNREFUSED',
    });
    expect(decisionAfter({ ...attempt, error: 'connect ECONNREFUSED' })).toMatchObject({ status: 'FAILED' });
  });

  it('sends nothing once the payment is past its first deadline, and reports it TIMED_OUT', async () => {
    const send = jest.fn(async () => ({ ...attempt, responseStatus: 200, responseBody: '{}' }));
    const approvals = approvalRequests(send);
    const stale = await approvals.attempt({ ...delivery, body: bodyAt(new Date(Date.now() - 11_000)) });
    expect(send).not.toHaveBeenCalled();
    expect(stale.decision.status).toBe('FAILED');
    expect(stale.answer?.payload.outcome).toBe('TIMED_OUT');
    const fresh = await approvals.attempt({ ...delivery, body: bodyAt(new Date()) });
    expect(send).toHaveBeenCalledWith(delivery.url, expect.any(String), 5_000);
    expect(fresh.answer?.payload).toMatchObject({ outcome: 'ANSWERED', responseStatus: 200 });
  });
});
