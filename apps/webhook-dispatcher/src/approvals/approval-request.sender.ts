import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApprovalAnswerEvent, createEvent } from '@payments/contracts';
import { AttemptResult, Decision } from '@webhooks/deliveries/delivery-policy';
import { DeliveryUpdate } from '@webhooks/deliveries/delivery.store';
import { DueDelivery } from '@webhooks/deliveries/due-delivery';
import { SignedWebhookSender } from '@webhooks/signing/signed-webhook.sender';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

/**
 * The transfers app gives the platform twice the timeout from the payment's creation to answer (the
 * delivery, then the answer): a request that could not go out within it (an outage here) is not sent
 * at all, so a platform is never asked about a payment that already failed.
 */
const SENDABLE_WINDOWS = 2;

/**
 * Sends a pending incoming payment's webhook once, within APPROVAL_TIMEOUT_SECONDS, and reports what
 * came back: the platform's answer decides the payment (docs/api.md#approvals), so it is neither retried nor
 * left waiting for an endpoint. The answer travels to the transfers app as an event on
 * APPROVAL_ANSWERS, written to the outbox with the delivery's outcome (DeliveryWorker), so it is
 * reported exactly when the attempt is recorded, whatever crashes in between.
 */
@Injectable()
export class ApprovalRequestSender {
  private readonly timeoutMs: number;

  constructor(
    private readonly sender: SignedWebhookSender,
    config: ConfigService<WebhookDispatcherEnvironment, true>,
  ) {
    this.timeoutMs = config.get('APPROVAL_TIMEOUT_SECONDS', { infer: true }) * 1000;
  }

  async attempt(delivery: DueDelivery): Promise<DeliveryUpdate> {
    const { id, lease } = delivery;
    const attemptCount = delivery.attemptCount + 1;
    if (delivery.url === null) {
      return unsent(
        delivery,
        'UNREACHABLE',
        'WEBHOOK_ENDPOINT_NOT_SET: the platform has no webhook endpoint',
      );
    }
    if (Date.now() - Date.parse(JSON.parse(delivery.body).timestamp) > SENDABLE_WINDOWS * this.timeoutMs) {
      return unsent(delivery, 'TIMED_OUT', 'the approval request could not be sent before its deadline');
    }
    const attempt = await this.sender.send(delivery.url, delivery, this.timeoutMs);
    return {
      id,
      lease,
      attemptCount,
      attempt,
      decision: decisionAfter(attempt),
      answer: answerOf(delivery, attempt),
    };
  }
}

/** Given up without an attempt, and reported as `outcome`. */
function unsent(delivery: DueDelivery, outcome: 'UNREACHABLE' | 'TIMED_OUT', error: string): DeliveryUpdate {
  const now = new Date();
  return {
    id: delivery.id,
    lease: delivery.lease,
    attemptCount: delivery.attemptCount,
    decision: { status: 'FAILED', nextAttemptAt: now, lastError: error },
    answer: answerEvent(delivery, { outcome, error, answeredAt: now.toISOString() }),
  };
}

/** Answered in any way, the webhook reached the platform; otherwise it is given up at once. */
export function decisionAfter(attempt: AttemptResult): Decision {
  const finishedAt = finishedAtOf(attempt);
  return attempt.responseStatus === undefined
    ? { status: 'FAILED', nextAttemptAt: finishedAt, lastError: `approval request: ${attempt.error}` }
    : { status: 'DELIVERED', nextAttemptAt: finishedAt, lastError: null };
}

export function answerOf(delivery: DueDelivery, attempt: AttemptResult): ApprovalAnswerEvent {
  const answeredAt = finishedAtOf(attempt).toISOString();
  if (attempt.responseStatus !== undefined) {
    return answerEvent(delivery, {
      outcome: 'ANSWERED',
      responseStatus: attempt.responseStatus,
      responseBody: attempt.responseBody ?? '',
      answeredAt,
    });
  }
  return answerEvent(delivery, {
    outcome: attempt.failure === 'TIMEOUT' ? 'TIMED_OUT' : 'UNREACHABLE',
    error: attempt.error ?? 'no answer',
    answeredAt,
  });
}

function finishedAtOf(attempt: AttemptResult): Date {
  return new Date(attempt.startedAt.getTime() + attempt.durationMs);
}

/** Keyed by the transaction, whose id the body carries: as `transaction` in LEGACY, as `data` in ENVELOPE. */
function answerEvent(
  delivery: DueDelivery,
  answer: Omit<ApprovalAnswerEvent['payload'], 'transactionId'>,
): ApprovalAnswerEvent {
  const body = JSON.parse(delivery.body);
  const transactionId: string = (body.transaction ?? body.data).id;
  return createEvent(
    'approval.answer-received',
    1,
    { platformId: delivery.platformId, environment: delivery.environment },
    transactionId,
    { transactionId, ...answer },
  );
}
