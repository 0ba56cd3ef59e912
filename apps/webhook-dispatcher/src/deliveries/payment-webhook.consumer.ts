import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { TRANSACTION_EVENTS, TransactionEvent } from '@payments/contracts';
import { EventBatchPattern, EventContext, traceparentOf } from '@payments/messaging';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { paymentWebhook } from '@webhooks/deliveries/webhook-envelope';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';

/**
 * Enqueues one payment webhook per transaction status change. Idempotent without an inbox row: the
 * webhook id derives from the event id, so a redelivered event hits the primary key and adds nothing.
 * The events of a partition come as a batch, enqueued by one statement in their order: handled one
 * at a time, each waiting for its own statement, they kept Kafka's partitions about a second behind
 * during the transfer-out bench. Each webhook keeps its event's trace context, which its attempts
 * continue (delivery-tracing). The batch's platforms' formats are read by one statement as well.
 */
@Controller()
export class PaymentWebhookConsumer {
  constructor(
    private readonly worker: DeliveryWorker,
    private readonly endpoints: WebhookEndpointsStore,
  ) {}

  @EventBatchPattern(TRANSACTION_EVENTS.name)
  async onTransactionEvents(
    @Payload() events: TransactionEvent[],
    @Ctx() context: EventContext,
  ): Promise<void> {
    const endpointOf = await this.endpoints.endpointsOf(events);
    await this.worker.enqueueAll(
      events.map((event, index) =>
        paymentWebhook(event, endpointOf(event).format, traceparentOf(context.messages[index])),
      ),
    );
  }
}
