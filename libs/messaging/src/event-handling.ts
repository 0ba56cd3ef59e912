import { EVENT_HEADERS, EventEnvelope, InvalidEventError } from '@payments/contracts';
import { isSystemicFault } from '@payments/persistence';
import { RequestContext } from '@payments/runtime';
import { EachMessagePayload } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Counter } from 'prom-client';
import { DeadLetters } from './dead-letters';
import { EventRoute } from './event-routes';
import { isKafkaOutage } from './kafka-outage';
import { inBatchSpan, inMessageSpan, recordHandlingFailure } from './message-tracing';

const MAX_ATTEMPTS = 5;
const FIRST_RETRY_DELAY_MS = 100;

const consumedEvents = new Counter({
  name: 'kafka_consumed_events_total',
  help: 'Events handled by this app, by topic and outcome',
  labelNames: ['topic', 'outcome'] as const,
});

/** Hands decoded events to a route's handler, with the messages they came in, in order, for its context. */
export type Dispatch = (
  route: EventRoute,
  events: EventEnvelope | EventEnvelope[],
  payloads: EachMessagePayload[],
) => Promise<void>;

/** A failure any message would meet now: the database or the cluster unreachable, stopping or full. */
export interface SystemicFault {
  systemicFault: unknown;
}

/**
 * What happens to a message: it is decoded against its topic contract and handled inside the request
 * context and the trace that caused it (message-tracing); a failure is retried a bounded number of
 * times with back-off, and then the message is dead-lettered, at once if it is not a valid event, so
 * that one poison message never stalls its partition. A systemic fault ends the tries at once and is
 * answered instead: it says nothing of the message, which must wait for the fault to pass rather
 * than be dead-lettered.
 */
export class EventHandling {
  constructor(
    private readonly dispatch: Dispatch,
    private readonly deadLetters: DeadLetters,
  ) {}

  /** A batch handler's messages in one call; 'separately' if one is invalid or the call kept failing. */
  async handleTogether(
    route: EventRoute,
    messages: EachMessagePayload[],
  ): Promise<'handled' | 'separately' | SystemicFault> {
    const decoded: EventEnvelope[] = [];
    for (const message of messages) {
      try {
        decoded.push(route.contract.decode(message.message.value));
      } catch {
        return 'separately';
      }
    }
    // The batch's events came from many requests; its log lines carry an id of its own.
    const outcome = await RequestContext.run(randomUUID(), () =>
      inBatchSpan(messages, async () => {
        const tried = await this.withRetries(() => this.dispatch(route, decoded, messages));
        if (tried !== 'succeeded') recordHandlingFailure(failureOf(tried));
        return tried;
      }),
    );
    if (outcome === 'succeeded') {
      consumedEvents.inc({ topic: route.contract.name, outcome: 'handled' }, decoded.length);
      return 'handled';
    }
    return 'systemicFault' in outcome ? outcome : 'separately';
  }

  /** One message, handled or else dead-lettered; left as it is on a systemic fault. */
  async handle(route: EventRoute, payload: EachMessagePayload): Promise<'done' | SystemicFault> {
    const { message } = payload;
    const requestId = message.headers?.[EVENT_HEADERS.requestId]?.toString() ?? randomUUID();
    return RequestContext.run(requestId, () =>
      inMessageSpan(payload, async () => {
        const outcome = await this.withRetries(async () => {
          const event = route.contract.decode(message.value);
          await this.dispatch(route, route.batch ? [event] : event, [payload]);
        });
        if (outcome === 'succeeded') {
          consumedEvents.inc({ topic: route.contract.name, outcome: 'handled' });
          return 'done';
        }
        recordHandlingFailure(failureOf(outcome));
        if ('systemicFault' in outcome) return outcome;
        consumedEvents.inc({ topic: route.contract.name, outcome: 'dead-lettered' });
        await this.deadLetters.park(route.contract, payload, outcome.error);
        return 'done';
      }),
    );
  }

  /**
   * 'succeeded' once `attempt` does, a systemic fault as soon as one comes, or else the last error
   * after the bounded retries (none for an invalid event).
   */
  private async withRetries(
    attempt: () => Promise<void>,
  ): Promise<'succeeded' | SystemicFault | { error: unknown }> {
    let lastError: unknown;
    for (let attemptNumber = 1; attemptNumber <= MAX_ATTEMPTS; attemptNumber++) {
      try {
        await attempt();
        return 'succeeded';
      } catch (error) {
        lastError = error;
        if (error instanceof InvalidEventError) break;
        if (isSystemic(error)) return { systemicFault: error };
        if (attemptNumber < MAX_ATTEMPTS) await delay(FIRST_RETRY_DELAY_MS * 2 ** (attemptNumber - 1));
      }
    }
    return { error: lastError };
  }
}

/** What a handling that did not succeed failed with. */
function failureOf(outcome: SystemicFault | { error: unknown }): unknown {
  return 'systemicFault' in outcome ? outcome.systemicFault : outcome.error;
}

/** Whether `error`, or the error it wraps, says the database, a peer or the cluster fails any message now. */
function isSystemic(error: unknown): boolean {
  return isSystemicFault(error) || isKafkaOutage(error);
}
