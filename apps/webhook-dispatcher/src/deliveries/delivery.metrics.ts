import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Counter, Gauge, Histogram, register } from 'prom-client';
import { Decision } from '@webhooks/deliveries/delivery-policy';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';
import { WebhookType } from '@webhooks/deliveries/webhook-envelope';

const deliveryOutcomes = new Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery outcomes: delivered, retrying (an attempt failed), waiting (no endpoint set) or failed (given up)',
  labelNames: ['type', 'outcome'] as const,
});

const deliveryLatency = new Histogram({
  name: 'webhook_delivery_latency_seconds',
  help: 'From enqueueing a webhook to the accepting answer of the endpoint, retries included',
  labelNames: ['type'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60, 600, 3600, 86_400],
});

export function observeDecision(
  type: WebhookType,
  decision: Decision,
  attempted: boolean,
  createdAt: Date,
): void {
  const outcome =
    decision.status === 'PENDING' ? (attempted ? 'retrying' : 'waiting') : decision.status.toLowerCase();
  deliveryOutcomes.inc({ type, outcome });
  if (decision.status === 'DELIVERED') {
    deliveryLatency.observe({ type }, (decision.nextAttemptAt.getTime() - createdAt.getTime()) / 1000);
  }
}

const QUEUE_DEPTH = 'webhook_queue_depth';

/** PENDING deliveries of all replicas, counted when /metrics is scraped. */
@Injectable()
export class QueueDepthMetric implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(QueueDepthMetric.name);

  constructor(private readonly store: DeliveryStore) {}

  onModuleInit(): void {
    const { store, logger } = this;
    new Gauge({
      name: QUEUE_DEPTH,
      help: 'Webhook deliveries not yet delivered or given up, across all replicas',
      async collect() {
        // A failed count keeps the last value rather than failing the whole scrape.
        await store.pendingCount().then(
          (count) => this.set(count),
          (error: unknown) => logger.warn({ err: error }, 'could not count pending webhook deliveries'),
        );
      },
    });
  }

  onModuleDestroy(): void {
    register.removeSingleMetric(QUEUE_DEPTH);
  }
}
