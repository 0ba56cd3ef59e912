import { ConfigService } from '@nestjs/config';
import { RetentionPolicies } from '@payments/persistence';
import { CustomersEnvironment } from '@customers/customers.environment';

/** The customers app's tables purged besides its inbox (docs/operations.md#retention). */
export const CUSTOMERS_RETENTION: RetentionPolicies = (config: ConfigService<CustomersEnvironment, true>) => [
  {
    table: 'customer_batches',
    agedFrom: 'created_at',
    retentionHours: config.get('CUSTOMER_BATCH_RETENTION_HOURS', { infer: true }),
  },
];
