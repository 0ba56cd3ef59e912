import { Module, Type } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventEnvelope, TopicContract, topicName } from '@payments/contracts';
import { createMessagingTables, runMigrations, SchemaOptions } from '@payments/persistence';
import { CommonEnvironment, createHttpApp } from '@payments/runtime';
// Only test files of this lib use the testing lib, and the tag constraints cannot tell them apart yet.
import { eventually, KafkaTestConsumer, TestDatabase } from '@payments/testing';
import { ConfigResourceTypes, Kafka, logLevel, Message, Producer } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { KafkaEventServer } from '../kafka-event.server';
import { serviceFoundation } from '../service-foundation';

export { eventually };

const KAFKA_BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

export { WIDGET_EVENTS, WidgetChangedV1, widgetChanged } from './widget-events';
export type { WidgetEvent } from './widget-events';

class WidgetTables1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createMessagingTables(queryRunner);
    await queryRunner.query(
      'CREATE TABLE widget_effects (event_id uuid NOT NULL, widget_id text NOT NULL, revision int NOT NULL, request_id text)',
    );
  }

  async down(): Promise<void> {}
}

const WIDGET_SCHEMA: SchemaOptions = {
  schema: 'widgets',
  entities: [],
  migrations: [WidgetTables1700000000000],
};

/** The widget service's variables: quiet by default; LOG_LEVEL=debug in the shell shows its logs. */
class WidgetServiceEnvironment extends CommonEnvironment {
  override LOG_LEVEL = 'silent';
  override SHUTDOWN_TIMEOUT_MS = 1_000;
}

@Module({})
class WidgetServiceModule {}

export interface WidgetServiceOptions {
  produces?: TopicContract[];
  consumes?: TopicContract[];
  controllers?: Type[];
}

/** A message as it lies on a topic, not decoded: for dead letters and malformed input. */
export interface RawMessage {
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
}

export interface SandboxOptions {
  /** The brokers the sandbox's own client (topics, groups, recordings) reaches in plaintext; default KAFKA_BROKERS. */
  kafkaBrokers?: string[];
  /** Variables its services get on top of the sandbox's: another broker, with its TLS and SASL settings. */
  serviceEnvironment?: Record<string, string>;
  /** The start of its database's name, and of its topics' and consumer groups'. */
  databasePrefix?: string;
  topicPrefix?: string;
}

/**
 * Everything one test needs on the real servers, under names of its own: a database, a Kafka topic
 * and consumer-group prefix, the service instances and Kafka clients it starts. dispose() closes
 * them all, deletes the topics and groups, checks that no database session was left open and drops
 * the database.
 */
export class TestSandbox {
  readonly id = randomBytes(5).toString('hex');
  readonly prefix: string;
  private readonly kafka: Kafka;
  private readonly savedEnv = { ...process.env };
  private readonly services = new Set<NestFastifyApplication>();
  private readonly clients: { stop(): Promise<void> }[] = [];
  private producer?: Producer;

  private constructor(
    private readonly database: TestDatabase,
    private readonly options: SandboxOptions,
  ) {
    this.prefix = `${options.topicPrefix ?? 'it-'}${this.id}.`;
    this.kafka = new Kafka({ clientId: `it-${this.id}`, brokers: this.brokers, logLevel: logLevel.NOTHING });
  }

  static async create(options: SandboxOptions = {}): Promise<TestSandbox> {
    return new TestSandbox(await TestDatabase.create({ prefix: options.databasePrefix }), options);
  }

  private get brokers(): string[] {
    return this.options.kafkaBrokers ?? KAFKA_BROKERS;
  }

  get databaseUrl(): string {
    return this.database.url;
  }

  /**
   * Starts an instance of the widget service on the sandbox, wired as `startService` wires an app,
   * without listening on a port. Several instances share the database, schema and prefix, like replicas.
   */
  async startService({
    produces = [],
    consumes = [],
    controllers = [],
  }: WidgetServiceOptions): Promise<NestFastifyApplication> {
    Object.assign(process.env, {
      DATABASE_URL: this.databaseUrl,
      KAFKA_BROKERS: this.brokers.join(','),
      KAFKA_TOPIC_PREFIX: this.prefix,
      ...this.options.serviceEnvironment,
    });
    await runMigrations(this.databaseUrl, WIDGET_SCHEMA);
    const foundation = serviceFoundation({
      app: 'widgets',
      environment: WidgetServiceEnvironment,
      schema: WIDGET_SCHEMA,
      produces,
      consumes,
    });
    // The widget service is called directly by its tests, about messaging and shutdown, not caller
    // assertions: it runs as an edge would (libs/runtime/src/bootstrap/__tests__ covers the assertions).
    const app = await createHttpApp(
      { module: WidgetServiceModule, imports: foundation, controllers },
      { publicEdge: true },
    );
    this.services.add(app);
    app.connectMicroservice({ strategy: app.get(KafkaEventServer) }, { inheritAppConfig: true });
    await app.init();
    await app.startAllMicroservices();
    return app;
  }

  async stopService(app: NestFastifyApplication): Promise<void> {
    this.services.delete(app);
    await app.close();
  }

  /** A started KafkaTestConsumer of the sandbox's copy of `topic`. */
  async consume<TEvent extends EventEnvelope>(
    topic: TopicContract<TEvent>,
  ): Promise<KafkaTestConsumer<TEvent>> {
    const consumer = new KafkaTestConsumer(this.brokers, this.prefix, topic);
    this.clients.push(consumer);
    await consumer.start();
    return consumer;
  }

  /** Collects every message of the sandbox's `topic` from the beginning, undecoded, into the returned array. */
  async record(topic: string): Promise<RawMessage[]> {
    const messages: RawMessage[] = [];
    const consumer = this.kafka.consumer({
      groupId: `${this.prefix}recorder.${topic}`,
      sessionTimeout: 6_000,
      heartbeatInterval: 500,
      // Disconnecting waits for the fetch in flight; a short one keeps clean-up quick.
      maxWaitTimeInMs: 200,
    });
    this.clients.push({ stop: () => consumer.disconnect() });
    await consumer.connect();
    await consumer.subscribe({ topic: topicName(this.prefix, topic), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        messages.push({
          key: message.key?.toString() ?? null,
          value: message.value?.toString() ?? null,
          headers: Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]),
          ),
        });
      },
    });
    return messages;
  }

  /** How many partitions the broker gives each of the sandbox's copies of `topics` that exists, by contract name. */
  async partitionCounts(topics: TopicContract[]): Promise<Record<string, number>> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const names = new Set(await admin.listTopics());
      const present = topics.map((topic) => topicName(this.prefix, topic)).filter((name) => names.has(name));
      // No topics asks the broker for all of them.
      if (present.length === 0) return {};
      const { topics: described } = await admin.fetchTopicMetadata({ topics: present });
      return Object.fromEntries(
        described.map(({ name, partitions }) => [name.slice(this.prefix.length), partitions.length]),
      );
    } finally {
      await admin.disconnect();
    }
  }

  /** The broker's value of each setting in `names` for the sandbox's copy of `topic`. */
  async topicSettings(topic: string, names: string[]): Promise<Record<string, string>> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const { resources } = await admin.describeConfigs({
        resources: [
          { type: ConfigResourceTypes.TOPIC, name: topicName(this.prefix, topic), configNames: names },
        ],
        includeSynonyms: false,
      });
      return Object.fromEntries(
        resources[0].configEntries.map((entry) => [entry.configName, entry.configValue]),
      );
    } finally {
      await admin.disconnect();
    }
  }

  /** Sends messages to the sandbox's `topic` as they are, the way a faulty producer could. */
  async publish(topic: string, messages: Message[]): Promise<void> {
    if (!this.producer) {
      this.producer = this.kafka.producer();
      await this.producer.connect();
    }
    await this.producer.send({ topic: topicName(this.prefix, topic), messages });
  }

  async dispose(): Promise<void> {
    for (const app of this.services) await this.stopService(app);
    await Promise.all(this.clients.splice(0).map((client) => client.stop()));
    await this.producer?.disconnect();
    await this.deleteKafkaResources();
    const allClosed = async () => ((await this.database.openSessions()) === 0 ? true : undefined);
    const leak = await eventually(allClosed, { timeoutMs: 5_000 }).then(
      () => undefined,
      (error: Error) => error,
    );
    await this.database.drop();
    for (const name of Object.keys(process.env)) if (!(name in this.savedEnv)) delete process.env[name];
    Object.assign(process.env, this.savedEnv);
    if (leak) throw new Error(`database sessions were left open: ${leak.message}`);
  }

  private async deleteKafkaResources(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const { groups } = await admin.listGroups();
      const groupIds = groups
        .map(({ groupId }) => groupId)
        .filter((groupId) => groupId.startsWith(this.prefix));
      if (groupIds.length) await admin.deleteGroups(groupIds);
      const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(this.prefix));
      if (topics.length) await admin.deleteTopics({ topics });
    } finally {
      await admin.disconnect();
    }
  }
}
