import { SchemaOptions } from '@payments/persistence';
import { WebhookDispatcherInitial1763700000000 } from '@webhooks/migrations/1763700000000-webhook-dispatcher-initial';
import { Parking1764500000000 } from '@webhooks/migrations/1764500000000-parking';
import { LeaseTokens1764700000000 } from '@webhooks/migrations/1764700000000-lease-tokens';
import { ApprovalRequests1764800000001 } from '@webhooks/migrations/1764800000001-approval-requests';
import { FinishedDeliveries1764920000001 } from '@webhooks/migrations/1764920000001-finished-deliveries';
import { PlatformSigningKeys1765000000000 } from '@webhooks/migrations/1765000000000-platform-signing-keys';
import { DeliveryLog1766100000000 } from '@webhooks/migrations/1766100000000-delivery-log';
import { DeliveryTraceContext1766200000000 } from '@webhooks/migrations/1766200000000-delivery-trace-context';
import { WebhookFormats1766300000000 } from '@webhooks/migrations/1766300000000-webhook-formats';

export const WEBHOOKS_SCHEMA: SchemaOptions = {
  schema: 'webhooks',
  entities: [],
  migrations: [
    WebhookDispatcherInitial1763700000000,
    Parking1764500000000,
    LeaseTokens1764700000000,
    ApprovalRequests1764800000001,
    FinishedDeliveries1764920000001,
    PlatformSigningKeys1765000000000,
    DeliveryLog1766100000000,
    DeliveryTraceContext1766200000000,
    WebhookFormats1766300000000,
  ],
  genericPlans: true,
};
