import { ConfigService } from '@nestjs/config';
import { RetentionPolicies } from '@payments/persistence';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

/**
 * The dispatcher's tables purged besides its inbox (docs/operations.md#retention): deliveries past
 * WEBHOOK_RETENTION_DAYS once DELIVERED or FAILED, their attempts going with them (ON DELETE
 * CASCADE). One still PENDING stays, and so does a parked one, which is PENDING too.
 */
export const WEBHOOKS_RETENTION: RetentionPolicies = (
  config: ConfigService<WebhookDispatcherEnvironment, true>,
) => [
  {
    table: 'deliveries',
    agedFrom: 'created_at',
    onlyWhere: `status <> 'PENDING'`,
    retentionHours: config.get('WEBHOOK_RETENTION_DAYS', { infer: true }) * 24,
  },
];
