import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { BaseRpcContext, CustomTransportStrategy, Server } from '@nestjs/microservices';
import { consumerGroupName, EVENT_HEADERS, EventEnvelope, InvalidEventError, TopicContract, topicName } from '@payments/contracts';
import { APP_NAME, CommonEnvironment, RequestContext } from '@payments/runtime';
import { randomUUID } from 'node:crypto';
import { Consumer, EachMessagePayload, Kafka, Partitioners, Producer } from 'kafkajs';
import { Counter } from 'prom-client';
import { lastValueFrom } from 'rxjs';
import { KAFKA, MESSAGING_OPTIONS, MessagingOptions } from './tokens';

const MAX_ATTEMPTS = 5;
const FIRST_RETRY_DELAY_MS = 100;

const consumedEvents = new Counter({
  name: 'kafka_consumed_events_total',
  help: 'Events handled by this app, by topic and outcome',
  labelNames: ['topic', 'outcome'] as const,
});

/** The Kafka context handed to @EventPattern handlers as @Ctx(). */
export class EventContext extends BaseRpcContext<[EachMessagePayload]> {
  get message(): EachMessagePayload {
    return this.getArgByIndex(0);
  }
}

/**
 * A Nest microservice transport on kafkajs for @EventPattern(topic.name) handlers. Each event is
 * decoded against its topic contract, handled inside the request context that caused it, retried a
 * bounded number of times, and then parked on the topic's dead-letter topic, so one poison message
 * never stalls its partition and no message is dropped silently.
 */
@Injectable()
export class KafkaEventServer extends Server implements CustomTransportStrategy {
  private consumer?: Consumer;
  private deadLetters?: Producer;
  private readonly prefix: string;
  private readonly contracts: Map<string, TopicContract>;

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
      if (handled.length > 0) await this.startConsumer(handled);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    await this.consumer?.disconnect();
    await this.deadLetters?.disconnect();
  }

  on(): never {
    throw new Error('KafkaEventServer has no events to listen to');
  }

  unwrap<T>(): T {
    return this.consumer as T;
  }

  private async startConsumer(patterns: string[]): Promise<void> {
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
    await this.consumer.subscribe({ topics: patterns.map((pattern) => topicName(this.prefix, pattern)), fromBeginning: true });
    await this.consumer.run({ partitionsConsumedConcurrently: 6, eachMessage: (payload) => this.handle(payload) });
  }

  private async handle(payload: EachMessagePayload): Promise<void> {
    const { topic, message } = payload;
    const contract = this.contracts.get(topic)!;
    const requestId = message.headers?.[EVENT_HEADERS.requestId]?.toString() ?? randomUUID();
    await RequestContext.run(requestId, async () => {
      let lastError: unknown;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        try {
          const event = contract.decode(message.value);
          await this.dispatch(contract.name, event, payload);
          consumedEvents.inc({ topic: contract.name, outcome: 'handled' });
          return;
        } catch (error) {
          lastError = error;
          if (error instanceof InvalidEventError) break;
          if (attempt < MAX_ATTEMPTS) await delay(FIRST_RETRY_DELAY_MS * 2 ** (attempt - 1));
        }
      }
      await this.deadLetter(contract, payload, lastError);
    });
  }

  private async dispatch(pattern: string, event: EventEnvelope, payload: EachMessagePayload): Promise<void> {
    const handler = this.getHandlerByPattern(pattern)!;
    const result = await handler(event, new EventContext([payload]));
    await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
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

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
