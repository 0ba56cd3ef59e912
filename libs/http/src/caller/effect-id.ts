import { randomUUID } from 'node:crypto';
import { v5 as nameBasedUuid } from 'uuid';
import { Caller } from './caller';

/** Namespace of the ids an Idempotency-Key names, so they never equal ids named another way. */
const KEYED_EFFECT_NAMESPACE = '0f9c2e5a-7d43-4b8e-a1f6-3c52d9e8b704';

/**
 * The id of what a request creates (a transaction, a quote, a customer). With an Idempotency-Key it
 * is named by the key, scoped by platform, environment and operation, so every retry of the request
 * names the same row and the row's insert, in the effect's own database transaction, is what
 * records the key: a retry after a timeout, a 5xx or a crash finds the row instead of making a second
 * one (docs/architecture.md, "One effect per Idempotency-Key"). Without a key it is random.
 */
export function effectIdOf(caller: Caller, operation: string): string {
  if (!caller.idempotencyKey) return randomUUID();
  return nameBasedUuid(
    [caller.platformId, caller.environment, operation, caller.idempotencyKey].join('\n'),
    KEYED_EFFECT_NAMESPACE,
  );
}
