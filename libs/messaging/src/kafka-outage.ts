import { isSystemicFault } from '@payments/persistence';

/** kafkajs's errors of an unreachable or unready cluster, whichever flag they carry. */
const OUTAGE_ERRORS = new Set([
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSBrokerNotFound',
  'KafkaJSNoBrokerAvailableError',
  'KafkaJSMetadataNotLoaded',
  'KafkaJSTopicMetadataNotLoaded',
  'KafkaJSLockTimeout',
]);

/**
 * Whether a failed send says the cluster cannot take messages now (it would refuse any), rather
 * than that one message cannot be taken (too large, or not encodable). kafkajs wraps the error that
 * ended its retries, so the innermost cause decides: a connection or timeout error, or a protocol
 * error the broker marks retriable (no leader yet, unknown partition), is an outage.
 */
export function isKafkaOutage(error: unknown): boolean {
  let cause = error as { name?: unknown; retriable?: unknown; cause?: unknown } | undefined;
  while (cause && typeof cause === 'object' && cause.cause && typeof cause.cause === 'object') {
    cause = cause.cause as typeof cause;
  }
  if (!cause || typeof cause !== 'object') return false;
  if (typeof cause.name === 'string' && OUTAGE_ERRORS.has(cause.name)) return true;
  if (typeof cause.name === 'string' && cause.name.startsWith('KafkaJS')) return cause.retriable === true;
  return isSystemicFault(cause);
}
