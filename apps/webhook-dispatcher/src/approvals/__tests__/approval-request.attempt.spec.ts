import {
  APPROVAL_TIMEOUT_SECONDS,
  approvalRequests,
  attempt,
  bodyAt,
  delivery,
  TRANSACTION,
} from '@webhooks/approvals/__tests__/approvals-kit';

const FINISHED_AT = new Date(attempt.startedAt.getTime() + attempt.durationMs);
const NOW = Date.parse('2026-11-25T10:00:01.000Z');
/** What the webhook sender keeps of a longer answer: its first 4 KiB, no longer JSON. */
const CUT_OFF = '{"receiverCustomerInfo":{"FULL_NAME":"'.padEnd(4_096, 'a');

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

    expect(send).toHaveBeenCalledWith(delivery.url, due.body, APPROVAL_TIMEOUT_SECONDS * 1000);
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
    ['timed out', { error: 'no answer within 5000 ms', timedOut: true }, 'TIMED_OUT'],
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
