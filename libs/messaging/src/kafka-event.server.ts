import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { BaseRpcContext, CustomTransportStrategy, Server } from '@nestjs/microservices';
import { consumerGroupName, EventEnvelope } from '@payments/contracts';
import { APP_NAME, CommonEnvironment } from '@payments/runtime';
import { Consumer, EachMessagePayload, Kafka } from 'kafkajs';
import { setTimeout as sleep } from 'node:timers/promises';
import { lastValueFrom } from 'rxjs';
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
/** Pauses between attempts to start a crashed consumer again: doubling from 1 s up to 30 s. */
const RESTART_BACKOFF_MS = { first: 1_000, max: 30_000 };

/** The Kafka context handed to @EventPattern handlers as @Ctx(). */
export class EventContext extends BaseRpcContext<[EachMessagePayload]> {
  get message(): EachMessagePayload {
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
  private closing = false;

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
      if (this.routes.size > 0) await this.startConsumer();
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.backoff.stop();
    if (this.consumer && this.commits.started) {
      // Stop fetching, let the batches under way finish, and commit them, so that a replica that
      // stops in an orderly way leaves nothing for the next owner of its partitions to handle again.
      this.consumer.pause([...this.routes.keys()].map((topic) => ({ topic })));
      await this.commits
        .commitOnStop()
        .catch((error) => this.logger.warn({ err: error }, 'last offset commit failed'));
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

  private async startConsumer(): Promise<void> {
    this.deadLetters = new DeadLetters(this.kafka, this.prefix, this.app, this.logger);
    await this.deadLetters.connect();
    const handling = new EventHandling(
      (route, events, payload) => this.dispatch(route, events, payload),
      this.deadLetters,
    );
    this.consumer = this.kafka.consumer({
      groupId: consumerGroupName(this.prefix, this.app, 'events'),
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      allowAutoTopicCreation: false,
    });
    // kafkajs gives up on a consumer whose fault it does not retry (its group coordinator lost while
    // the broker restarts): the app would stay up and ready, consuming nothing.
    this.consumer.on(this.consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) void this.restartAfterCrash(payload.error);
    });
    await this.consumer.connect();
    // A new group starts at the beginning so that no event published before it existed is missed.
    await this.consumer.subscribe({ topics: [...this.routes.keys()], fromBeginning: true });
    await this.consumer.run({
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
  }

  /** Starts the consumer again after kafkajs gave it up, with back-off, until it runs or the app stops. */
  private async restartAfterCrash(error: Error): Promise<void> {
    this.logger.error(
      { err: error },
      'Kafka consumer stopped on a fault kafkajs does not retry; starting it again',
    );
    for (
      let pauseMs = RESTART_BACKOFF_MS.first;
      !this.closing;
      pauseMs = Math.min(2 * pauseMs, RESTART_BACKOFF_MS.max)
    ) {
      await sleep(pauseMs);
      if (this.closing) return;
      try {
        await this.consumer?.disconnect().catch(() => undefined);
        await this.deadLetters?.disconnect().catch(() => undefined);
        await this.startConsumer();
        this.logger.warn('Kafka consumer started again after its crash');
        return;
      } catch (restartError) {
        this.logger.warn({ err: restartError }, 'Kafka consumer could not start again yet');
      }
    }
  }

  private async dispatch(
    { handler }: EventRoute,
    events: EventEnvelope | EventEnvelope[],
    payload: EachMessagePayload,
  ): Promise<void> {
    const result = await handler(events, new EventContext([payload]));
    await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
  }
}
