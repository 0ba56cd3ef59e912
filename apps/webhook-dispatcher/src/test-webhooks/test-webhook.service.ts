import { Injectable } from '@nestjs/common';
import { Caller } from '@payments/http';
import { LEASE_MS } from '@payments/runtime';
import { randomUUID } from 'node:crypto';
import { afterAttempt } from '@webhooks/deliveries/delivery-policy';
import { observeDecision } from '@webhooks/deliveries/delivery.metrics';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';
import { DeliveryLeases } from '@webhooks/deliveries/delivery-leases';
import { testWebhook } from '@webhooks/deliveries/webhook-envelope';
import { endpointOnceKnown } from '@webhooks/endpoints/endpoint-catch-up';
import { endpointNotSet, endpointUnreachable } from '@webhooks/endpoints/endpoint-refusals';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';
import { SignedWebhookSender } from '@webhooks/signing/signed-webhook.sender';
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
    private readonly sender: SignedWebhookSender,
    private readonly leases: DeliveryLeases,
  ) {}

  async send(caller: Caller): Promise<TestWebhookResultView> {
    const { url, format } = await endpointOnceKnown(() => this.endpoints.endpointOf(caller));
    if (!url) throw endpointNotSet(caller.environment);
    const webhook = testWebhook(caller, format, randomUUID(), new Date().toISOString());
    const [{ claimed }] = await this.deliveries.enqueue([webhook], { claimForMs: LEASE_MS });
    const lease = { key: webhook.id, token: claimed!.lease };
    this.leases.hold(lease);
    const attempt = await this.sender.send(url, webhook);
    const decision = afterAttempt(SINGLE_ATTEMPT, 1, attempt, new Date());
    observeDecision(webhook.type, decision, true, claimed!.createdAt);
    // A lease lost meanwhile means the worker of another replica sends it and records its outcome.
    if (this.leases.drop(lease)) {
      await this.deliveries.record(
        [{ id: webhook.id, lease: lease.token, decision, attemptCount: 1, attempt }],
        0,
      );
    }
    // The kind of failure and its fixed description only: the platform learns nothing of what lies behind its URL.
    if (attempt.responseStatus === undefined) throw endpointUnreachable(url, attempt.error, attempt.failure);
    return { url, response_status: attempt.responseStatus, latency_ms: attempt.durationMs };
  }
}
