import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { BaseRpcContext, CustomTransportStrategy, Server } from '@nestjs/microservices';
import { consumerGroupName, EventEnvelope } from '@payments/contracts';
import { APP_NAME, CommonEnvironment } from '@payments/runtime';
import { Consumer, EachMessagePayload, Kafka } from 'kafkajs';
import { lastValueFrom } from 'rxjs';
import { ConsumerSupervisor } from './consumer-supervisor';
import { DeadLetters } from './dead-letters';
import { EventHandling } from './event-handling';
import { EventRoute, eventRoutes } from './event-routes';
import { OffsetCommits } from './offset-commits';
import { PartitionBackoff } from './partition-backoff';
import { handlePartitionBatch } from './partition-batch';
import { KAFKA, MESSAGING_OPTIONS, MessagingOptions } from './tokens';

/**
 * How often a consumer commits the offsets it has handled. kafkajs would commit after every batch,
 * several times per fetch: under load that was six OffsetCommit requests per Fetch. Handlers are
 * idempotent, so what a crash or a rebalance leaves uncommitted is only handled again.
 */
const OFFSET_COMMIT_INTERVAL_MS = 1_000;

/**
 * The Kafka context handed to @EventPattern handlers as @Ctx(): the messages of the events handed
 * over, in their order (one for a single event).
 */
export class EventContext extends BaseRpcContext<[EachMessagePayload[]]> {
  get message(): EachMessagePayload {
    return this.messages[0];
  }

  get messages(): EachMessagePayload[] {
    return this.getArgByIndex(0);
  }
}

/**
 * A Nest microservice transport on kafkajs for @EventPattern(topic.name) and EventBatchPattern
 * handlers: it consumes their topics in the app's consumer group and hands each partition's batches
 * to handlePartitionBatch, which handles or dead-letters every message (see EventHandling), or holds
 * the partition at a message that meets a systemic fault (see PartitionBackoff).
 */
@Injectable()
export class KafkaEventServer extends Server implements CustomTransportStrategy {
  private consumer?: Consumer;
  private deadLetters?: DeadLetters;
  private readonly commits = new OffsetCommits();
  private readonly backoff = new PartitionBackoff(this.logger);
  private readonly prefix: string;
  private routes = new Map<string, EventRoute>();
  private readonly supervisor = new ConsumerSupervisor(
    { launch: () => this.startConsumer(), dispose: () => this.stopConsumer() },
    this.logger,
  );

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    @Inject(APP_NAME) private readonly app: string,
    config: ConfigService<CommonEnvironment, true>,
  ) {
    super();
    this.prefix = config.get('KAFKA_TOPIC_PREFIX', { infer: true });
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      this.routes = eventRoutes(this.messageHandlers, this.options.consumes, this.prefix);
      if (this.routes.size > 0) await this.supervisor.start();
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    this.supervisor.stop();
    this.backoff.stop();
    if (this.consumer && this.commits.started) {
      // Stop fetching, let the batches under way finish, and commit them, so that a replica that
      // stops in an orderly way leaves nothing for the next owner of its partitions to handle again.
      this.consumer.pause([...this.routes.keys()].map((topic) => ({ topic })));
      await this.commits
        .commitOnStop()
        .catch((error) => this.logger.warn({ err: error }, 'last offset commit failed'));
    }
    await this.stopConsumer();
  }

  on(): never {
    throw new Error('KafkaEventServer has no events to listen to');
  }

  unwrap<T>(): T {
    return this.consumer as T;
  }

  private async startConsumer(): Promise<Consumer> {
    this.deadLetters = new DeadLetters(this.kafka, this.prefix, this.app, this.logger);
    await this.deadLetters.connect();
    const handling = new EventHandling(
      (route, events, payloads) => this.dispatch(route, events, payloads),
      this.deadLetters,
    );
    const consumer = this.kafka.consumer({
      groupId: consumerGroupName(this.prefix, this.app, 'events'),
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      allowAutoTopicCreation: false,
    });
    this.consumer = consumer;
    this.supervisor.observe(consumer);
    await consumer.connect();
    // A new group starts at the beginning so that no event published before it existed is missed.
    await consumer.subscribe({ topics: [...this.routes.keys()], fromBeginning: true });
    await consumer.run({
      partitionsConsumedConcurrently: 6,
      eachBatchAutoResolve: false,
      autoCommit: false,
      autoCommitInterval: OFFSET_COMMIT_INTERVAL_MS,
      eachBatch: (payload) =>
        this.commits.afterHandling(
          handlePartitionBatch(payload, this.routes.get(payload.batch.topic)!, handling, this.backoff),
          payload,
        ),
    });
    return consumer;
  }

  private async stopConsumer(): Promise<void> {
    await this.consumer?.disconnect();
    await this.deadLetters?.disconnect();
  }

  private async dispatch(
    { handler }: EventRoute,
    events: EventEnvelope | EventEnvelope[],
    payloads: EachMessagePayload[],
  ): Promise<void> {
    const result = await handler(events, new EventContext([payloads]));
    await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
  }
}
