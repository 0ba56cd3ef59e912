import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { BaseRpcContext, CustomTransportStrategy, EventPattern, MessageHandler, Server } from '@nestjs/microservices';
import { consumerGroupName, EVENT_HEADERS, EventEnvelope, InvalidEventError, TopicContract, topicName } from '@payments/contracts';
import { APP_NAME, CommonEnvironment, RequestContext } from '@payments/runtime';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Consumer, EachBatchPayload, EachMessagePayload, Kafka, KafkaMessage, Partitioners, Producer } from 'kafkajs';
import { Counter } from 'prom-client';
import { lastValueFrom } from 'rxjs';
import { KAFKA, MESSAGING_OPTIONS, MessagingOptions } from './tokens';

const MAX_ATTEMPTS = 5;
const FIRST_RETRY_DELAY_MS = 100;
/**
 * How often a consumer commits the offsets it has handled. kafkajs would commit after every batch,
 * several times per fetch: under load that was six OffsetCommit requests per Fetch. Handlers are
 * idempotent, so what a crash or a rebalance leaves uncommitted is only handled again.
 */
const OFFSET_COMMIT_INTERVAL_MS = 1_000;

const consumedEvents = new Counter({
  name: 'kafka_consumed_events_total',
  help: 'Events handled by this app, by topic and outcome',
  labelNames: ['topic', 'outcome'] as const,
});

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
export const EventBatchPattern = (topic: string, { where }: { where?: Record<string, string> } = {}): MethodDecorator =>
  EventPattern(topic, { [BATCH_HANDLER]: true, [SELECTED_BY]: where });

interface Route {
  handler: MessageHandler;
  /** An EventBatchPattern handler. */
  batch: boolean;
  /** The selector headers its events must have, if it chose any. */
  where?: Record<string, string>;
}

/** The Kafka context handed to @EventPattern handlers as @Ctx(). */
export class EventContext extends BaseRpcContext<[EachMessagePayload]> {
  get message(): EachMessagePayload {
    return this.getArgByIndex(0);
  }
}

/**
 * A Nest microservice transport on kafkajs for @EventPattern(topic.name) and EventBatchPattern
 * handlers. Each event is decoded against its topic contract, handled inside the request context that
 * caused it, retried a bounded number of times, and then parked on the topic's dead-letter topic, so
 * one poison message never stalls its partition and no message is dropped silently.
 */
@Injectable()
export class KafkaEventServer extends Server implements CustomTransportStrategy {
  private consumer?: Consumer;
  private deadLetters?: Producer;
  /** The batches being handled, which a shutdown waits for before its last commit. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Commits every handled offset now; kafkajs hands it out with each batch only. */
  private commitHandled?: () => Promise<void>;
  private readonly prefix: string;
  private readonly contracts: Map<string, TopicContract>;
  /**
   * Each topic's handler and how it takes events, read once the handlers are registered: Nest's own
   * lookup parses the pattern as JSON first, and a topic name makes that throw, once per message.
   */
  private routes = new Map<string, Route>();

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(MESSAGING_OPTIONS) options: MessagingOptions,
    @Inject(APP_NAME) private readonly app: string,
    config: ConfigService<CommonEnvironment, true>,
  ) {
    super();
    this.prefix = config.get('KAFKA_TOPIC_PREFIX', { infer: true });
    this.contracts = new Map(options.consumes.map((topic) => [topicName(this.prefix, topic), topic]));
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const handled = [...this.messageHandlers.keys()];
      const unknown = handled.filter((pattern) => !this.contracts.has(topicName(this.prefix, pattern)));
      if (unknown.length) throw new Error(`@EventPattern for topics not declared in MessagingModule consumes: ${unknown.join(', ')}`);
      this.routes = new Map(
        handled.map((pattern) => {
          const handler = this.messageHandlers.get(pattern)!;
          return [pattern, { handler, batch: !!handler.extras?.[BATCH_HANDLER], where: handler.extras?.[SELECTED_BY] }];
        }),
      );
      if (handled.length > 0) await this.startConsumer();
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    if (this.consumer && this.commitHandled) {
      // Stop fetching, let the batches under way finish, and commit them, so that a replica that
      // stops in an orderly way leaves nothing for the next owner of its partitions to handle again.
      this.consumer.pause(this.topics().map((topic) => ({ topic })));
      await Promise.allSettled(this.inFlight);
      await this.commitHandled().catch((error) => this.logger.warn({ err: error }, 'last offset commit failed'));
    }
    await this.consumer?.disconnect();
    await this.deadLetters?.disconnect();
  }

  on(): never {
    throw new Error('KafkaEventServer has no events to listen to');
  }

  unwrap<T>(): T {
    return this.consumer as T;
  }

  /** The topics this app handles, as named on the broker. */
  private topics(): string[] {
    return [...this.routes.keys()].map((pattern) => topicName(this.prefix, pattern));
  }

  private async startConsumer(): Promise<void> {
    this.deadLetters = this.kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
    await this.deadLetters.connect();
    this.consumer = this.kafka.consumer({
      groupId: consumerGroupName(this.prefix, this.app, 'events'),
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      allowAutoTopicCreation: false,
    });
    await this.consumer.connect();
    // A new group starts at the beginning so that no event published before it existed is missed.
    await this.consumer.subscribe({ topics: this.topics(), fromBeginning: true });
    await this.consumer.run({
      partitionsConsumedConcurrently: 6,
      eachBatchAutoResolve: false,
      autoCommit: false,
      autoCommitInterval: OFFSET_COMMIT_INTERVAL_MS,
      eachBatch: (payload) => this.handleAndCommit(this.handleBatch(payload), payload),
    });
  }

  private async handleAndCommit(handling: Promise<void>, payload: EachBatchPayload): Promise<void> {
    this.commitHandled = () => payload.commitOffsetsIfNecessary(payload.uncommittedOffsets());
    this.inFlight.add(handling);
    try {
      await handling;
    } finally {
      this.inFlight.delete(handling);
    }
    await payload.commitOffsetsIfNecessary();
  }

  private async handleBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat } = payload;
    const contract = this.contracts.get(batch.topic)!;
    const { batch: asBatch, where } = this.routes.get(contract.name)!;
    const messages = batch.messages
      .filter((message) => !where || isSelected(message, where))
      .map((message) => this.messagePayload(payload, message));
    if (asBatch) {
      if (messages.length === 0 || (await this.handleTogether(contract, messages))) {
        resolveOffset(batch.lastOffset());
        await heartbeat();
        return;
      }
    }
    for (const message of messages) {
      // After a rebalance the partition is another consumer's: it takes over from the last offset.
      if (!payload.isRunning() || payload.isStale()) return;
      await this.handle(contract, message);
      resolveOffset(message.message.offset);
      await heartbeat();
    }
    // The events passed over after the last one handled.
    resolveOffset(batch.lastOffset());
  }

  /** A batch handler's batch in one call; false if it kept failing and must go one event at a time. */
  private async handleTogether(contract: TopicContract, messages: EachMessagePayload[]): Promise<boolean> {
    const decoded: EventEnvelope[] = [];
    for (const message of messages) {
      try {
        decoded.push(contract.decode(message.message.value));
      } catch {
        return false;
      }
    }
    // The batch's events came from many requests; its log lines carry an id of its own.
    const handled = await RequestContext.run(randomUUID(), () =>
      this.withRetries(() => this.dispatch(contract.name, decoded, messages[0])),
    );
    if (handled === true) consumedEvents.inc({ topic: contract.name, outcome: 'handled' }, decoded.length);
    return handled === true;
  }

  private async handle(contract: TopicContract, payload: EachMessagePayload): Promise<void> {
    const { message } = payload;
    const asBatch = this.routes.get(contract.name)!.batch;
    const requestId = message.headers?.[EVENT_HEADERS.requestId]?.toString() ?? randomUUID();
    await RequestContext.run(requestId, async () => {
      const outcome = await this.withRetries(async () => {
        const event = contract.decode(message.value);
        await this.dispatch(contract.name, asBatch ? [event] : event, payload);
      });
      if (outcome === true) consumedEvents.inc({ topic: contract.name, outcome: 'handled' });
      else await this.deadLetter(contract, payload, outcome.error);
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

  private async dispatch(
    pattern: string,
    events: EventEnvelope | EventEnvelope[],
    payload: EachMessagePayload,
  ): Promise<void> {
    const { handler } = this.routes.get(pattern)!;
    const result = await handler(events, new EventContext([payload]));
    await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
  }

  private messagePayload({ batch, heartbeat, pause }: EachBatchPayload, message: KafkaMessage): EachMessagePayload {
    return { topic: batch.topic, partition: batch.partition, message, heartbeat, pause };
  }

  private async deadLetter(contract: TopicContract, { topic, partition, message }: EachMessagePayload, error: unknown): Promise<void> {
    this.logger.error({ err: error, topic, partition, offset: message.offset }, 'event moved to dead-letter topic');
    consumedEvents.inc({ topic: contract.name, outcome: 'dead-lettered' });
    await this.deadLetters!.send({
      topic: topicName(this.prefix, contract.deadLetterName),
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            ...message.headers,
            [EVENT_HEADERS.failure]: `${this.app}: ${(error as Error)?.message ?? String(error)}`.slice(0, 1000),
            'x-original-partition': String(partition),
            'x-original-offset': message.offset,
          },
        },
      ],
    });
  }
}

/** False only for a message whose selector headers say it is not one of `where`'s. */
function isSelected(message: KafkaMessage, where: Record<string, string>): boolean {
  return Object.entries(where).every(([header, value]) => {
    const actual = message.headers?.[header];
    return actual === undefined || actual.toString() === value;
  });
}
