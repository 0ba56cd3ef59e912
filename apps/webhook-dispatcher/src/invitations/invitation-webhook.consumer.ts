import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { INVITATION_EVENTS, InvitationEvent } from '@payments/contracts';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { invitationClaimedWebhook } from '@webhooks/deliveries/webhook-envelope';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';

/**
 * The INVITATION_CLAIMED webhook to the platform whose customer made the invitation, so that it can
 * pay the invitee. Idempotent like the others: the webhook id derives from the event id.
 */
@Controller()
export class InvitationWebhookConsumer {
  constructor(
    private readonly worker: DeliveryWorker,
    private readonly endpoints: WebhookEndpointsStore,
  ) {}

  @EventPattern(INVITATION_EVENTS.name)
  async onInvitationEvent(@Payload() event: InvitationEvent): Promise<void> {
    const { format } = await this.endpoints.endpointOf(event);
    await this.worker.enqueue(invitationClaimedWebhook(event, format));
  }
}
