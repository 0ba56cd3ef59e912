import { ConfigService } from '@nestjs/config';
import { RetentionPolicies } from '@payments/persistence';
import { GatewayEnvironment } from '@gateway/gateway.environment';

/**
 * The gateway's tables purged besides its inbox (docs/operations.md#retention): an idempotency
 * record past IDEMPOTENCY_TTL_HOURS replays nothing any more, as its key may be claimed anew
 * (idempotency/idempotency.store.ts).
 */
export const GATEWAY_RETENTION: RetentionPolicies = (config: ConfigService<GatewayEnvironment, true>) => [
  {
    table: 'idempotency_records',
    agedFrom: 'created_at',
    retentionHours: config.get('IDEMPOTENCY_TTL_HOURS', { infer: true }),
  },
];
