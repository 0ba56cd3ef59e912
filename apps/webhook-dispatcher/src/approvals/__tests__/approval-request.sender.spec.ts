import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { answerOf, ApprovalRequestSender, decisionAfter } from '@webhooks/approvals/approval-request.sender';
import { AttemptResult } from '@webhooks/deliveries/delivery-policy';
import { DueDelivery } from '@webhooks/deliveries/due-delivery';
import { SignedWebhookSender } from '@webhooks/signing/signed-webhook.sender';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

const TRANSACTION = 'Transaction:0a6c3f0e-51a4-4b1e-9f3c-4c1f6d2b8e01';
const APPROVAL_TIMEOUT_SECONDS = 5;
const NOW = Date.parse('2026-11-25T10:00:01.000Z');
/** What the webhook sender keeps of a longer answer: its first 4 KiB, no longer JSON. */
const CUT_OFF = '{"receiverCustomerInfo":{"FULL_NAME":"'.padEnd(4_096, 'a');

/** The pending INCOMING_PAYMENT webhook of TRANSACTION, made at `timestamp`. */
const bodyAt = (timestamp: Date) =>
  JSON.stringify({
    type: 'INCOMING_PAYMENT',
    timestamp: timestamp.toISOString(),
    transaction: { id: TRANSACTION, status: 'PENDING' },
  });

const delivery: DueDelivery = {
  id: '5d7c3c1e-8f43-4b8e-9d0e-2b9d8f0c1a11',
  platformId: 'Platform:7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e',
  environment: Environment.Sandbox,
  approvalRequest: true,
  redelivery: false,
  lease: 'lease',
  type: 'INCOMING_PAYMENT',
  body: bodyAt(new Date()),
  attemptCount: 0,
  createdAt: new Date(),
  url: 'http://127.0.0.1:9/hooks',
  traceparent: null,
};

/** An attempt that started at 10:00 and took 120 ms, before its outcome. */
const attempt: AttemptResult = {
  url: delivery.url!,
  startedAt: new Date('2026-11-25T10:00:00.000Z'),
  durationMs: 120,
};
const FINISHED_AT = new Date(attempt.startedAt.getTime() + attempt.durationMs);

/** An ApprovalRequestSender whose SignedWebhookSender is `send`. */
function approvalRequests(send: jest.Mock) {
  const config = { get: () => APPROVAL_TIMEOUT_SECONDS } as unknown as ConfigService<
    WebhookDispatcherEnvironment,
    true
  >;
  return new ApprovalRequestSender({ send } as unknown as SignedWebhookSender, config);
}

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
      answerOf(delivery, { ...attempt, error: 'no answer within 5000 ms', failure: 'TIMEOUT' }).payload
        .outcome,
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
    expect(send).toHaveBeenCalledWith(
      delivery.url,
      expect.objectContaining({ body: expect.any(String) }),
      5_000,
    );
    expect(fresh.answer?.payload).toMatchObject({ outcome: 'ANSWERED', responseStatus: 200 });
  });
});

/**
 * ApprovalRequestSender.attempt: each way the platform's endpoint can answer the pending webhook,
 * to what the delivery records and what the transfers app is told (which decides the payment).
 */
describe('ApprovalRequestSender.attempt', () => {
  const send = jest.fn();
  const approvals = approvalRequests(send);
  const due = { ...delivery, body: bodyAt(new Date(NOW - 1_000)) };

  beforeEach(() => {
    jest.resetAllMocks();
    jest.useFakeTimers({ now: NOW });
  });

  afterEach(() => jest.useRealTimers());

  it.each([
    ['200 with receiverCustomerInfo', 200, '{"receiverCustomerInfo":{"FULL_NAME":"Ada Lovelace"}}'],
    ['202', 202, ''],
    ['403 with a reason', 403, '{"reason":"sanctions"}'],
    ['422 naming fields', 422, '{"requiredFields":["NATIONALITY"]}'],
    ['500', 500, 'Internal Server Error'],
    ['200 with a body that is not JSON', 200, '<html>ok</html>'],
    ['200 with the first 4 KiB kept of a longer body', 200, CUT_OFF],
  ])('%s: delivered once, the status and body passed on as they came', async (_answer, status, body) => {
    send.mockResolvedValue({ ...attempt, responseStatus: status, responseBody: body });

    const update = await approvals.attempt(due);

    expect(send).toHaveBeenCalledWith(delivery.url, due, APPROVAL_TIMEOUT_SECONDS * 1000);
    expect(update).toMatchObject({
      id: delivery.id,
      lease: delivery.lease,
      attemptCount: 1,
      attempt: { responseStatus: status },
      decision: { status: 'DELIVERED', nextAttemptAt: FINISHED_AT, lastError: null },
    });
    expect(update.answer).toMatchObject({
      aggregateId: TRANSACTION,
      platformId: delivery.platformId,
      environment: delivery.environment,
      payload: {
        transactionId: TRANSACTION,
        outcome: 'ANSWERED',
        responseStatus: status,
        responseBody: body,
        answeredAt: FINISHED_AT.toISOString(),
      },
    });
  });

  it('passes on an answer without a body as an empty one', async () => {
    send.mockResolvedValue({ ...attempt, responseStatus: 202 });
    expect((await approvals.attempt(due)).answer?.payload.responseBody).toBe('');
  });

  it.each([
    ['timed out', { error: 'no answer within 5000 ms', failure: 'TIMEOUT' }, 'TIMED_OUT'],
    ['could not be reached', { error: 'connect ECONNREFUSED 127.0.0.1:9' }, 'UNREACHABLE'],
  ])(
    'gives the webhook up at once when the endpoint %s, and reports why',
    async (_case, failure, outcome) => {
      send.mockResolvedValue({ ...attempt, ...failure });

      const update = await approvals.attempt(due);

      expect(update.decision).toEqual({
        status: 'FAILED',
        nextAttemptAt: FINISHED_AT,
        lastError: `approval request: ${failure.error}`,
      });
      expect(update.answer?.payload).toEqual({
        transactionId: TRANSACTION,
        outcome,
        error: failure.error,
        answeredAt: FINISHED_AT.toISOString(),
      });
    },
  );

  it('without an endpoint sends nothing, counts no attempt and reports the payment UNREACHABLE', async () => {
    const update = await approvals.attempt({ ...due, url: null });

    expect(send).not.toHaveBeenCalled();
    expect(update).toMatchObject({
      attemptCount: 0,
      decision: { status: 'FAILED', nextAttemptAt: new Date(NOW) },
      answer: {
        aggregateId: TRANSACTION,
        payload: { outcome: 'UNREACHABLE', error: expect.stringMatching(/^WEBHOOK_ENDPOINT_NOT_SET/) },
      },
    });
    expect(update.attempt).toBeUndefined();
  });

  it('still sends a request made exactly two approval windows ago', async () => {
    send.mockResolvedValue({ ...attempt, responseStatus: 200, responseBody: '{}' });
    const twoWindowsAgo = new Date(NOW - 2 * APPROVAL_TIMEOUT_SECONDS * 1000);

    await approvals.attempt({ ...due, body: bodyAt(twoWindowsAgo) });

    expect(send).toHaveBeenCalledTimes(1);
  });
});
