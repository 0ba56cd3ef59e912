import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BALANCE_EVENTS, BalanceEvent } from '@payments/contracts';
import { EventBatchPattern } from '@payments/messaging';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { accountStatusWebhook } from '@webhooks/deliveries/webhook-envelope';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';

/**
 * One ACCOUNT_STATUS webhook per balance change of an internal account, keyed by the account so that
 * its webhooks go out in the order of its postings. A payment moves balances about as often as it
 * changes status, so the events come as a partition's batch, enqueued by one statement like the
 * payment webhooks; idempotent the same way (the webhook id derives from the event id).
 */
@Controller()
export class AccountStatusWebhookConsumer {
  constructor(
    private readonly worker: DeliveryWorker,
    private readonly endpoints: WebhookEndpointsStore,
  ) {}

  @EventBatchPattern(BALANCE_EVENTS.name)
  async onBalanceEvents(@Payload() events: BalanceEvent[]): Promise<void> {
    const endpointOf = await this.endpoints.endpointsOf(events);
    await this.worker.enqueueAll(
      events.map((event) => accountStatusWebhook(event, endpointOf(event).format)),
    );
  }
}
