import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { TRANSACTION_EVENTS, TransactionEvent } from '@payments/contracts';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { paymentWebhook } from '@webhooks/deliveries/webhook-envelope';

/**
 * Enqueues one payment webhook per transaction status change. Idempotent without an inbox row: the
 * webhook id derives from the event id, so a redelivered event hits the primary key and adds nothing
 * (no four-statement transaction per event on the money path; see DeliveryWorker for batching).
 */
@Controller()
export class PaymentWebhookConsumer {
  constructor(private readonly worker: DeliveryWorker) {}

  @EventPattern(TRANSACTION_EVENTS.name)
  async onTransactionEvent(@Payload() event: TransactionEvent): Promise<void> {
    await this.worker.enqueue(paymentWebhook(event));
  }
}
