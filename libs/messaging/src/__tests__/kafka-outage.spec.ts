import {
  KafkaJSConnectionError,
  KafkaJSNonRetriableError,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSProtocolError,
  KafkaJSRequestTimeoutError,
} from 'kafkajs';
import { isKafkaOutage } from '../kafka-outage';

/** What kafkajs's retrier says when it gives up. */
const RETRIES = { retryCount: 5, retryTime: 3_000 } as never;

/** kafkajs's protocol errors as the broker codes them. */
const protocolError = (type: string, retriable: boolean) =>
  new KafkaJSProtocolError({ type, code: 0, retriable, message: type } as never);

describe('isKafkaOutage', () => {
  it.each([
    ['a lost connection', new KafkaJSConnectionError('Connection error: ECONNREFUSED')],
    ['a request timeout', new KafkaJSRequestTimeoutError('Request Produce(key: 0) timed out')],
    [
      'retries spent on a leaderless partition',
      new KafkaJSNumberOfRetriesExceeded(protocolError('LEADER_NOT_AVAILABLE', true), RETRIES),
    ],
    [
      'retries spent on a lost connection',
      new KafkaJSNumberOfRetriesExceeded(new KafkaJSConnectionError('Connection closed'), RETRIES),
    ],
  ])('takes %s as an outage', (_case, error) => {
    expect(isKafkaOutage(error)).toBe(true);
  });

  it.each([
    ['a message too large', new KafkaJSNonRetriableError(protocolError('MESSAGE_TOO_LARGE', false))],
    ['a corrupt message', protocolError('CORRUPT_MESSAGE', false)],
    ['a message that cannot be encoded', new TypeError('The "string" argument must be of type string')],
  ])('takes %s as the fault of a message', (_case, error) => {
    expect(isKafkaOutage(error)).toBe(false);
  });
});
