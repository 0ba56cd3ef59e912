import { EVENT_HEADERS, EventEnvelope, InvalidEventError } from '@payments/contracts';
import { RequestContext } from '@payments/runtime';
import { EachMessagePayload } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Counter } from 'prom-client';
import { DeadLetters } from './dead-letters';
import { EventRoute } from './event-routes';

const MAX_ATTEMPTS = 5;
const FIRST_RETRY_DELAY_MS = 100;

const consumedEvents = new Counter({
  name: 'kafka_consumed_events_total',
  help: 'Events handled by this app, by topic and outcome',
  labelNames: ['topic', 'outcome'] as const,
});

/** Hands decoded events to a route's handler, with the message they came in for its context. */
export type Dispatch = (
  route: EventRoute,
  events: EventEnvelope | EventEnvelope[],
  payload: EachMessagePayload,
) => Promise<void>;

/**
 * What happens to a message: it is decoded against its topic contract and handled inside the request
 * context that caused it; a failure is retried a bounded number of times with back-off, and then the
 * message is dead-lettered, at once if it is not a valid event, so that one poison message never
 * stalls its partition.
 */
export class EventHandling {
  constructor(
    private readonly dispatch: Dispatch,
    private readonly deadLetters: DeadLetters,
  ) {}

  /** A batch handler's messages in one call; false if one is invalid or the call kept failing. */
  async handleTogether(route: EventRoute, messages: EachMessagePayload[]): Promise<boolean> {
    const decoded: EventEnvelope[] = [];
    for (const message of messages) {
      try {
        decoded.push(route.contract.decode(message.message.value));
      } catch {
        return false;
      }
    }
    // The batch's events came from many requests; its log lines carry an id of its own.
    const handled = await RequestContext.run(randomUUID(), () =>
      this.withRetries(() => this.dispatch(route, decoded, messages[0])),
    );
    if (handled === true)
      consumedEvents.inc({ topic: route.contract.name, outcome: 'handled' }, decoded.length);
    return handled === true;
  }

  /** One message, handled or else dead-lettered. */
  async handle(route: EventRoute, payload: EachMessagePayload): Promise<void> {
    const { message } = payload;
    const requestId = message.headers?.[EVENT_HEADERS.requestId]?.toString() ?? randomUUID();
    await RequestContext.run(requestId, async () => {
      const outcome = await this.withRetries(async () => {
        const event = route.contract.decode(message.value);
        await this.dispatch(route, route.batch ? [event] : event, payload);
      });
      if (outcome === true) {
        consumedEvents.inc({ topic: route.contract.name, outcome: 'handled' });
      } else {
        consumedEvents.inc({ topic: route.contract.name, outcome: 'dead-lettered' });
        await this.deadLetters.park(route.contract, payload, outcome.error);
      }
    });
  }

  /** True once `attempt` succeeds, or the last error after the bounded retries (none for an invalid event). */
  private async withRetries(attempt: () => Promise<void>): Promise<true | { error: unknown }> {
    let lastError: unknown;
    for (let attemptNumber = 1; attemptNumber <= MAX_ATTEMPTS; attemptNumber++) {
      try {
        await attempt();
        return true;
      } catch (error) {
        lastError = error;
        if (error instanceof InvalidEventError) break;
        if (attemptNumber < MAX_ATTEMPTS) await delay(FIRST_RETRY_DELAY_MS * 2 ** (attemptNumber - 1));
      }
    }
    return { error: lastError };
  }
}
