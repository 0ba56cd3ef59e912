import { setTimeout as sleep } from 'node:timers/promises';
import { WebhookEndpoint } from '@webhooks/endpoints/webhook-endpoints.store';

export interface CatchUpWait {
  maxWaitMs: number;
  firstPauseMs: number;
  maxPauseMs: number;
}

/**
 * How long `POST /webhooks/test` waits for an endpoint still on its way here (docs/api.md#webhooks):
 * with the attempt's own WEBHOOK_TIMEOUT_MS (10 s) it stays within the gateway's UPSTREAM_TIMEOUT_MS
 * (15 s), so the caller gets this app's answer rather than the gateway's timeout.
 */
export const ENDPOINT_CATCH_UP: CatchUpWait = { maxWaitMs: 3_000, firstPauseMs: 50, maxPauseMs: 500 };

/**
 * The platform's endpoint, read again with growing pauses for up to `maxWaitMs` while none is known.
 * A platform that sets its endpoint and tests it at once is ahead of the config change's event,
 * which reaches this app a moment later; without an endpoint by then, answers the last read.
 */
export async function endpointOnceKnown(
  read: () => Promise<WebhookEndpoint>,
  wait: CatchUpWait = ENDPOINT_CATCH_UP,
): Promise<WebhookEndpoint> {
  const deadline = Date.now() + wait.maxWaitMs;
  for (let pause = wait.firstPauseMs; ; pause = Math.min(pause * 2, wait.maxPauseMs)) {
    const endpoint = await read();
    if (endpoint.url !== null || Date.now() + pause > deadline) return endpoint;
    await sleep(pause);
  }
}
