import { Counter } from 'prom-client';

/** Redelivery requests, by kind (single, bulk), and the webhooks they queued again. */
const redeliveryRequests = new Counter({
  name: 'webhook_redelivery_requests_total',
  help: 'Requests to send webhooks again, by kind: single (one webhook) or bulk (a filter)',
  labelNames: ['kind'] as const,
});

const redeliveries = new Counter({
  name: 'webhook_redeliveries_total',
  help: 'Webhooks queued to be sent again, by the kind of request that asked',
  labelNames: ['kind'] as const,
});

const logReads = new Counter({
  name: 'webhook_delivery_log_reads_total',
  help: 'Reads of the webhook delivery log: list (a page) or get (one webhook with its attempts)',
  labelNames: ['read'] as const,
});

export function observeRedelivery(kind: 'single' | 'bulk', count: number): void {
  redeliveryRequests.inc({ kind });
  redeliveries.inc({ kind }, count);
}

export function observeLogRead(read: 'list' | 'get'): void {
  logReads.inc({ read });
}
