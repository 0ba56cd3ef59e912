import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { PLATFORM_EVENTS, PlatformEvent } from '@payments/contracts';
import { handleOnce } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { testWebhook, webhookIdFor } from '@webhooks/deliveries/webhook-envelope';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';

/**
 * Keeps each platform's current webhook endpoint and format (an event without one means LEGACY,
 * docs/api.md#webhook-formats). When it is set or changed, a TEST webhook goes to
 * it (docs/api.md#webhooks) and the platform's waiting deliveries become due. The inbox matters here: a
 * replayed older event would otherwise set an old endpoint back for a moment and test it again.
 */
@Controller()
export class WebhookEndpointConsumer {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly endpoints: WebhookEndpointsStore,
    private readonly deliveries: DeliveryStore,
    private readonly worker: DeliveryWorker,
  ) {}

  @EventPattern(PLATFORM_EVENTS.name)
  async onPlatformEvent(@Payload() event: PlatformEvent): Promise<void> {
    let endpointSet = false;
    await handleOnce(this.dataSource, 'webhooks.endpoints', event, async (manager) => {
      const endpoint = {
        url: event.payload.webhookEndpoint ?? null,
        format: event.payload.webhookFormat ?? 'LEGACY',
      };
      endpointSet = await this.endpoints.update(manager, event, endpoint);
      if (!endpointSet) return;
      await this.deliveries.releaseWaiting(manager, event);
      const test = testWebhook(event, endpoint.format, webhookIdFor(event.eventId), event.occurredAt);
      await this.deliveries.enqueue([test], { db: manager });
    });
    if (endpointSet) this.worker.notify();
  }
}
