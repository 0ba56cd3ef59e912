import {
  DynamicModule,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TOPIC_RETENTION_HOURS, TOPIC_SEGMENT_HOURS, topicName } from '@payments/contracts';
import { APP_NAME, CommonEnvironment, ReadinessRegistry } from '@payments/runtime';
import { Admin, Kafka } from 'kafkajs';
import { createKafkaClient } from './kafka-client';
import { KafkaEventServer } from './kafka-event.server';
import { OutboxLagMetric } from './outbox-lag.metric';
import { OutboxRelayWorker } from './outbox-relay.worker';
import { KAFKA, MESSAGING_OPTIONS, MessagingOptions } from './tokens';

const METADATA_TIMEOUT_MS = 30_000;
const HOUR_MS = 3_600_000;

/**
 * Set on every topic the app creates rather than left to the broker's defaults: the reporting
 * contract and the inbox's retention count on them (docs/operations.md#kafka-topics).
 */
const TOPIC_CONFIG = [
  { name: 'retention.ms', value: String(TOPIC_RETENTION_HOURS * HOUR_MS) },
  { name: 'segment.ms', value: String(TOPIC_SEGMENT_HOURS * HOUR_MS) },
];

/** Creates the topics this app needs and keeps an admin connection to report the broker's state on /ready. */
@Injectable()
export class KafkaTopics implements OnModuleInit, OnApplicationShutdown {
  private admin: Admin;

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly config: ConfigService<CommonEnvironment, true>,
    private readonly readiness: ReadinessRegistry,
  ) {}

  async onModuleInit(): Promise<void> {
    this.admin = this.kafka.admin();
    await this.admin.connect();
    const prefix = this.config.get('KAFKA_TOPIC_PREFIX', { infer: true });
    // Consumed topics too: a consumer may start before the app that produces to them.
    const topics = [
      ...[...this.options.produces, ...this.options.consumes].map((topic) => ({
        topic: topicName(prefix, topic),
        numPartitions: topic.partitions,
        configEntries: TOPIC_CONFIG,
      })),
      ...this.options.consumes.map((topic) => ({
        topic: topicName(prefix, topic.deadLetterName),
        numPartitions: 1,
        configEntries: TOPIC_CONFIG,
      })),
    ];
    if (topics.length) {
      // Only the topics the broker lacks: asked for one it has, it answers TOPIC_ALREADY_EXISTS, which
      // kafkajs logs as an error, at every start of every app.
      const existing = new Set(await this.admin.listTopics());
      const missing = topics.filter(({ topic }) => !existing.has(topic));
      // kafkajs's own wait for leaders gives up when a KRaft broker has not yet applied the controller's
      // new topics (UNKNOWN_TOPIC_OR_PARTITION, tulios/kafkajs#1563); awaitMetadata waits that out.
      if (missing.length) await this.admin.createTopics({ topics: missing, waitForLeaders: false });
      await this.awaitMetadata(topics.map(({ topic }) => topic));
    }
    // Reported, not gating readiness: events wait in the outbox while the broker is away.
    this.readiness.report('kafka', () => this.admin.describeCluster());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.admin?.disconnect();
  }

  /** A topic just created may be unknown to the broker or have no leader yet; subscribing before that fails. */
  private async awaitMetadata(topics: string[]): Promise<void> {
    const deadline = Date.now() + METADATA_TIMEOUT_MS;
    for (;;) {
      try {
        const { topics: described } = await this.admin.fetchTopicMetadata({ topics });
        if (described.every((topic) => topic.partitions.every((partition) => partition.leader >= 0))) return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      if (Date.now() > deadline) throw new Error(`Kafka topics have no leaders yet: ${topics.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

@Module({})
export class MessagingModule {
  static forRoot(options: MessagingOptions): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: options },
        {
          provide: KAFKA,
          inject: [ConfigService, APP_NAME],
          useFactory: (config: ConfigService<CommonEnvironment, true>, app: string) =>
            createKafkaClient(app, {
              KAFKA_BROKERS: config.get('KAFKA_BROKERS', { infer: true }),
              KAFKA_SSL: config.get('KAFKA_SSL', { infer: true }),
              KAFKA_SSL_CA_FILE: config.get('KAFKA_SSL_CA_FILE', { infer: true }),
              KAFKA_SASL_MECHANISM: config.get('KAFKA_SASL_MECHANISM', { infer: true }),
              KAFKA_SASL_USERNAME: config.get('KAFKA_SASL_USERNAME', { infer: true }),
              KAFKA_SASL_PASSWORD: config.get('KAFKA_SASL_PASSWORD', { infer: true }),
            }),
        },
        KafkaTopics,
        OutboxRelayWorker,
        OutboxLagMetric,
        KafkaEventServer,
      ],
      exports: [KAFKA, KafkaEventServer],
    };
  }
}
