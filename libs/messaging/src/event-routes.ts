import { EventPattern, MessageHandler } from '@nestjs/microservices';
import { TopicContract, topicName } from '@payments/contracts';
import { KafkaMessage } from 'kafkajs';

/** Marks a handler that takes the events of a topic in batches (see EventBatchPattern). */
const BATCH_HANDLER = 'batch';
/** The selector headers a batch handler's events must have (see EventBatchPattern). */
const SELECTED_BY = 'where';

/**
 * Like @EventPattern(topic), but the handler gets the events as they arrive in batches, an array at
 * a time in partition order, so that it can apply them in one database transaction. If a batch keeps
 * failing, its events are handed over again one per call, so that only a poison event is
 * dead-lettered. With `where`, the events whose selector headers (see TopicOptions) say otherwise
 * are passed over without being decoded; an event without the header is handed over, since it may
 * come from a producer older than the header.
 */
export const EventBatchPattern = (
  topic: string,
  { where }: { where?: Record<string, string> } = {},
): MethodDecorator => EventPattern(topic, { [BATCH_HANDLER]: true, [SELECTED_BY]: where });

/** A consumed topic with its handler and how that handler takes events. */
export interface EventRoute {
  contract: TopicContract;
  handler: MessageHandler;
  /** An EventBatchPattern handler. */
  batch: boolean;
  /** The selector headers its events must have, if it chose any. */
  where?: Record<string, string>;
}

/**
 * Each handled topic's route by its name on the broker, read once the handlers are registered: Nest's
 * own lookup parses the pattern as JSON first, and a topic name makes that throw, once per message.
 */
export function eventRoutes(
  handlers: Map<string, MessageHandler>,
  consumes: TopicContract[],
  prefix: string,
): Map<string, EventRoute> {
  const contracts = new Map(consumes.map((topic) => [topic.name, topic]));
  const unknown = [...handlers.keys()].filter((pattern) => !contracts.has(pattern));
  if (unknown.length) {
    throw new Error(
      `@EventPattern for topics not declared in MessagingModule consumes: ${unknown.join(', ')}`,
    );
  }
  return new Map(
    [...handlers].map(([pattern, handler]) => [
      topicName(prefix, pattern),
      {
        contract: contracts.get(pattern)!,
        handler,
        batch: !!handler.extras?.[BATCH_HANDLER],
        where: handler.extras?.[SELECTED_BY],
      },
    ]),
  );
}

/** False only for a message whose selector headers say it is not one of the route's. */
export function isSelected({ where }: EventRoute, message: KafkaMessage): boolean {
  if (!where) return true;
  return Object.entries(where).every(([header, value]) => {
    const actual = message.headers?.[header];
    return actual === undefined || actual.toString() === value;
  });
}
