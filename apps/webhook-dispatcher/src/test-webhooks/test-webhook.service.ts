import { Injectable } from '@nestjs/common';
import { ApiException, Caller } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { afterAttempt } from '@webhooks/deliveries/delivery-policy';
import { observeDecision } from '@webhooks/deliveries/delivery.metrics';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { testWebhook } from '@webhooks/deliveries/webhook-envelope';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';
import { TestWebhookResultView } from '@webhooks/test-webhooks/test-webhook-result.view';

/** No retries: the caller sees this one attempt's answer. */
const SINGLE_ATTEMPT: number[] = [];

/**
 * Sends a TEST webhook to the caller's endpoint while the caller waits, and records it like any
 * delivery. It is enqueued already held by this request, so the worker never sends it as well.
 */
@Injectable()
export class TestWebhookService {
  constructor(
    private readonly endpoints: WebhookEndpointsStore,
    private readonly deliveries: DeliveryStore,
    private readonly sender: WebhookSender,
    private readonly worker: DeliveryWorker,
  ) {}

  async send(caller: Caller): Promise<TestWebhookResultView> {
    const url = await this.endpoints.urlOf(caller);
    if (!url) throw new ApiException('WEBHOOK_ENDPOINT_NOT_SET', 'Set webhookEndpoint with PATCH /config first');
    const webhook = testWebhook(caller, randomUUID(), new Date().toISOString());
    const [{ claimed }] = await this.deliveries.enqueue([webhook], { claimForMs: this.worker.lease });
    const attempt = await this.sender.send(url, webhook.body);
    const decision = afterAttempt(SINGLE_ATTEMPT, 1, attempt, new Date());
    observeDecision(webhook.type, decision, true, claimed!.createdAt);
    await this.deliveries.record([{ id: webhook.id, decision, attemptCount: 1, attempt }], 0);
    if (attempt.responseStatus === undefined) {
      throw new ApiException('WEBHOOK_DELIVERY_ERROR', `The webhook endpoint could not be reached: ${attempt.error}`, { url });
    }
    return { url, response_status: attempt.responseStatus, response_body: attempt.responseBody ?? '' };
  }
}
