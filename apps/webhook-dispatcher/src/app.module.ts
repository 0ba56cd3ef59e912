import { Module } from '@nestjs/common';
import {
  APPROVAL_ANSWERS,
  BALANCE_EVENTS,
  BULK_IMPORT_JOB_EVENTS,
  INVITATION_EVENTS,
  KYC_EVENTS,
  PLATFORM_EVENTS,
  TRANSACTION_EVENTS,
} from '@payments/contracts';
import { serviceFoundation } from '@payments/messaging';
import { AccountStatusWebhookConsumer } from '@webhooks/accounts/account-status-webhook.consumer';
import { ApprovalRequestSender } from '@webhooks/approvals/approval-request.sender';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';
import { DeliveryLeases } from '@webhooks/deliveries/delivery-leases';
import { QueueDepthMetric } from '@webhooks/deliveries/delivery.metrics';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { DeliveryLogController } from '@webhooks/delivery-log/delivery-log.controller';
import { DeliveryLogService } from '@webhooks/delivery-log/delivery-log.service';
import { DeliveryLogStore } from '@webhooks/delivery-log/delivery-log.store';
import { RedeliveryStore } from '@webhooks/delivery-log/redelivery.store';
import { PaymentWebhookConsumer } from '@webhooks/deliveries/payment-webhook.consumer';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { WebhookEndpointConsumer } from '@webhooks/endpoints/webhook-endpoint.consumer';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';
import { InvitationWebhookConsumer } from '@webhooks/invitations/invitation-webhook.consumer';
import { OnboardingWebhookConsumer } from '@webhooks/onboarding/onboarding-webhook.consumer';
import { WEBHOOKS_RETENTION } from '@webhooks/retention';
import { SignedWebhookSender } from '@webhooks/signing/signed-webhook.sender';
import { SigningKeyController } from '@webhooks/signing/signing-key.controller';
import { SigningKeyStore } from '@webhooks/signing/signing-key.store';
import { WebhookSigner } from '@webhooks/signing/webhook-signer';
import { TestWebhookController } from '@webhooks/test-webhooks/test-webhook.controller';
import { TestWebhookService } from '@webhooks/test-webhooks/test-webhook.service';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

@Module({
  imports: [
    ...serviceFoundation({
      app: 'webhook-dispatcher',
      environment: WebhookDispatcherEnvironment,
      schema: WEBHOOKS_SCHEMA,
      retention: WEBHOOKS_RETENTION,
      produces: [APPROVAL_ANSWERS],
      consumes: [
        PLATFORM_EVENTS,
        TRANSACTION_EVENTS,
        KYC_EVENTS,
        BULK_IMPORT_JOB_EVENTS,
        INVITATION_EVENTS,
        BALANCE_EVENTS,
      ],
    }),
  ],
  controllers: [
    SigningKeyController,
    TestWebhookController,
    DeliveryLogController,
    WebhookEndpointConsumer,
    PaymentWebhookConsumer,
    OnboardingWebhookConsumer,
    InvitationWebhookConsumer,
    AccountStatusWebhookConsumer,
  ],
  providers: [
    SigningKeyStore,
    WebhookSigner,
    WebhookSender,
    SignedWebhookSender,
    ApprovalRequestSender,
    WebhookEndpointsStore,
    DeliveryStore,
    DeliveryLeases,
    DeliveryWorker,
    QueueDepthMetric,
    TestWebhookService,
    DeliveryLogStore,
    RedeliveryStore,
    DeliveryLogService,
  ],
})
export class AppModule {}
