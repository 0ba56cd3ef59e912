import { Environment } from '@payments/contracts';
import { ConfigService } from '@nestjs/config';
import { answerOf, ApprovalRequestSender, decisionAfter } from '@webhooks/approvals/approval-request.sender';
import { DueDelivery } from '@webhooks/deliveries/delivery.store';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

const TRANSACTION = 'Transaction:0a6c3f0e-51a4-4b1e-9f3c-4c1f6d2b8e01';
const delivery: DueDelivery = {
  id: '5d7c3c1e-8f43-4b8e-9d0e-2b9d8f0c1a11',
  platformId: 'Platform:7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e',
  environment: Environment.Sandbox,
  approvalRequest: true,
  lease: 'lease',
  type: 'INCOMING_PAYMENT',
  body: JSON.stringify({ type: 'INCOMING_PAYMENT', transaction: { id: TRANSACTION, status: 'PENDING' } }),
  attemptCount: 0,
  createdAt: new Date(),
  url: 'http://127.0.0.1:9/hooks',
};
const attempt = { url: delivery.url!, startedAt: new Date('2026-11-25T10:00:00.000Z'), durationMs: 120 };

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
    const config = { get: () => 5 } as unknown as ConfigService<WebhookDispatcherEnvironment, true>;
    const approvals = new ApprovalRequestSender({ send } as unknown as WebhookSender, config);
    const bodyAt = (timestamp: Date) =>
      JSON.stringify({ timestamp: timestamp.toISOString(), transaction: { id: TRANSACTION } });
    const stale = await approvals.attempt({ ...delivery, body: bodyAt(new Date(Date.now() - 11_000)) });
    expect(send).not.toHaveBeenCalled();
    expect(stale.decision.status).toBe('FAILED');
    expect(stale.answer?.payload.outcome).toBe('TIMED_OUT');
    const fresh = await approvals.attempt({ ...delivery, body: bodyAt(new Date()) });
    expect(send).toHaveBeenCalledWith(delivery.url, expect.any(String), 5_000);
    expect(fresh.answer?.payload).toMatchObject({ outcome: 'ANSWERED', responseStatus: 200 });
  });
});
