import { ConfigService } from '@nestjs/config';
import { RetentionPolicies } from '@payments/persistence';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/**
 * The transfers app's tables purged besides its inbox (docs/operations.md#retention): the rail
 * attempts of final transactions (finished_at is set by the final status), which no worker claims
 * any more. Transactions and their status history are business history, never purged.
 */
export const TRANSFERS_RETENTION: RetentionPolicies = (config: ConfigService<TransfersEnvironment, true>) => [
  {
    table: 'rail_attempts',
    agedFrom: 'finished_at',
    retentionHours: config.get('RAIL_ATTEMPT_RETENTION_DAYS', { infer: true }) * 24,
  },
];
