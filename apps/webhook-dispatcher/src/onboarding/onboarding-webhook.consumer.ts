import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  BULK_IMPORT_JOB_EVENTS,
  BulkImportJobEvent,
  KYC_EVENTS,
  KycEvent,
  KycStatus,
} from '@payments/contracts';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { bulkUploadWebhook, kycStatusWebhook } from '@webhooks/deliveries/webhook-envelope';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';

/** Results a platform acts on; PENDING_REVIEW is a step on the way, not reported (docs/api.md#webhooks). */
const FINAL_KYC_STATUSES: readonly KycStatus[] = [
  'APPROVED',
  'REJECTED',
  'MANUALLY_APPROVED',
  'MANUALLY_REJECTED',
  'EXPIRED',
  'CANCELED',
];

/**
 * The onboarding webhooks: KYC_STATUS when a customer's verification reaches a result, BULK_UPLOAD
 * when an import job completes or fails. Idempotent like the payment webhooks: each webhook's id
 * derives from its event's, so a redelivered event enqueues nothing new.
 */
@Controller()
export class OnboardingWebhookConsumer {
  constructor(
    private readonly worker: DeliveryWorker,
    private readonly endpoints: WebhookEndpointsStore,
  ) {}

  @EventPattern(KYC_EVENTS.name)
  async onKycEvent(@Payload() event: KycEvent): Promise<void> {
    if (!FINAL_KYC_STATUSES.includes(event.payload.kycStatus)) return;
    const { format } = await this.endpoints.endpointOf(event);
    await this.worker.enqueue(kycStatusWebhook(event, format));
  }

  @EventPattern(BULK_IMPORT_JOB_EVENTS.name)
  async onBulkImportJobEvent(@Payload() event: BulkImportJobEvent): Promise<void> {
    const { format } = await this.endpoints.endpointOf(event);
    await this.worker.enqueue(bulkUploadWebhook(event, format));
  }
}
