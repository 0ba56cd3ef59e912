import { RetentionPolicies } from '@payments/persistence';

/**
 * A receiver lookup is kept a day past its expiry: executing a quote made from it (and recovering
 * that execution) reads the counterparty's state from it (receivers/receiver-lookup.store.ts).
 */
const LOOKUP_KEPT_PAST_EXPIRY_HOURS = 24;

/** The quoting app's tables purged besides its inbox (docs/operations.md#retention). */
export const QUOTING_RETENTION: RetentionPolicies = () => [
  { table: 'receiver_lookups', agedFrom: 'expires_at', retentionHours: LOOKUP_KEPT_PAST_EXPIRY_HOURS },
];
