import { randomUUID } from 'node:crypto';
import { Environment } from '../environment';

/** Every event on every topic has this shape; the aggregate id is also the Kafka message key. */
export interface EventEnvelope<TType extends string = string, TPayload extends object = object> {
  eventId: string;
  type: TType;
  version: number;
  occurredAt: string;
  platformId: string;
  environment: Environment;
  aggregateId: string;
  payload: TPayload;
}

export interface EventScope {
  platformId: string;
  environment: Environment;
}

export function createEvent<TType extends string, TPayload extends object>(
  type: TType,
  version: number,
  scope: EventScope,
  aggregateId: string,
  payload: TPayload,
): EventEnvelope<TType, TPayload> {
  return {
    eventId: randomUUID(),
    type,
    version,
    occurredAt: new Date().toISOString(),
    platformId: scope.platformId,
    environment: scope.environment,
    aggregateId,
    payload,
  };
}

/** Kafka header names carried by every published event. */
export const EVENT_HEADERS = {
  requestId: 'x-request-id',
  eventType: 'event-type',
  failure: 'x-failure',
} as const;
