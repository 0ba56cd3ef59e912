import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { OUTBOX_CHANNEL, PollingWorker, runIsolatingFailures, SCHEMA_NAME } from '@payments/persistence';
import { CommonEnvironment } from '@payments/runtime';
import { CompressionTypes, Kafka, Partitioners, Producer } from 'kafkajs';
import { Client } from 'pg';
import { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import { isKafkaOutage } from './kafka-outage';
import { sendingStoredTraceContexts } from './message-tracing';
import { KAFKA, MESSAGING_OPTIONS, MessagingOptions } from './tokens';

const BATCH_SIZE = 500;
/** Fallback poll: a lost notification delays publishing by at most this much. */
const IDLE_POLL_MS = 1_000;
/** How often a standby replica tries the lock: bounds how long the outbox waits after its publisher dies. */
const STANDBY_POLL_MS = 1_000;
const RETRY_DELAY_MS = 1_000;
/**
 * TCP keepalive of the lock's session as the server keeps it: a publisher whose node or network went
 * without a word (a half-open connection, which no socket close reports) loses the lock after about
 * 5 + 3 × 2 s, and a standby takes over. This side probes too (Node sets only the idle time), so that
 * a cut-off session ends rather than hangs.
 */
const KEEPALIVE_IDLE_SECONDS = 5;
const KEEPALIVE_INTERVAL_SECONDS = 2;
const KEEPALIVE_PROBES = 3;
/** Drains a message may fail on its own before it is parked: a refusal of its size or form is final. */
const MAX_SEND_FAILURES = 3;

const publishedEvents = new Counter({
  name: 'outbox_published_events_total',
  help: 'Events the outbox relay published',
});

interface OutboxRow {
  id: string;
  topic: string;
  message_key: string;
  payload: string;
  headers: Record<string, string>;
}

/**
 * Publishes the app's outbox to Kafka in commit order. One replica at a time holds a session-level
 * advisory lock and publishes, which keeps each aggregate's events in order; another replica takes
 * over within STANDBY_POLL_MS once that session ends: at once when the publisher stops or is killed
 * (its socket closes), within the keepalive's bounds when its connection is cut. A crash between send and delete publishes a row twice, which
 * consumers absorb through their inbox. A parked message (one the cluster keeps refusing) stays in
 * the outbox with its reason and no longer holds the others back: its aggregate's later events go
 * out without it.
 */
@Injectable()
export class OutboxRelayWorker extends PollingWorker {
  /** A notification wakes it; one that arrives while a drain runs makes it drain again at once. */
  private readonly relaying = this.declareLoop({
    name: 'outbox-relay',
    work: 'relaying the outbox',
    table: { table: 'outbox', key: 'id', keyType: 'bigint' },
    maxFailures: MAX_SEND_FAILURES,
    tick: () => this.relay(),
    idleMs: () => (this.leading ? IDLE_POLL_MS : STANDBY_POLL_MS),
    errorMs: RETRY_DELAY_MS,
  });
  /** Set once connected, as the loop starts: an app that produces nothing never connects nor relays. */
  private producer: Producer;
  /** The session that tries the lock, and holds it and listens while this replica publishes. */
  private session?: Client;
  private leading = false;

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    @Inject(SCHEMA_NAME) private readonly schema: string,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<CommonEnvironment, true>,
  ) {
    super();
  }

  override async onApplicationBootstrap(): Promise<void> {
    if (this.options.produces.length === 0) return;
    const producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
    this.producer = producer;
    super.onApplicationBootstrap();
  }

  /** Once the loop stopped, before the database connections close (they close in onApplicationShutdown). */
  protected override async afterLoopsStop(): Promise<void> {
    if (!this.producer) return;
    await this.dropSession();
    await this.producer.disconnect();
  }

  /** Drains the outbox while this replica holds the lock; a standby only tries to take it. */
  private async relay(): Promise<boolean> {
    try {
      if (await this.holdLeadership()) await this.drain();
      return false;
    } catch (error) {
      // The lock may be gone with a failed session: the next try starts on a new one.
      await this.dropSession();
      throw error;
    }
  }

  /** Tries to take the schema's relay lock with the session (connected on demand), and listens once it has it. */
  private async holdLeadership(): Promise<boolean> {
    if (this.leading) return true;
    this.session ??= await this.connect();
    const [{ locked }] = (
      await this.session.query(`SELECT pg_try_advisory_lock(hashtext($1)) AS locked`, [
        `outbox-relay:${this.schema}`,
      ])
    ).rows;
    if (!locked) return false;
    await this.session.query(`LISTEN ${OUTBOX_CHANNEL}`);
    this.leading = true;
    this.logger.log(`publishing the ${this.schema} outbox`);
    return true;
  }

  private async connect(): Promise<Client> {
    const client = new Client({
      connectionString: this.config.get('DATABASE_URL', { infer: true }),
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_IDLE_SECONDS * 1000,
    });
    client.on('error', (error) => this.logger.warn({ err: error }, 'outbox relay session lost'));
    client.on('notification', (message) => {
      if (message.payload === this.schema) this.relaying.loop.wake();
    });
    client.on('end', () => {
      if (this.session !== client) return;
      this.session = undefined;
      this.leading = false;
    });
    await client.connect();
    await client.query(
      `SELECT set_config('tcp_keepalives_idle', $1, false), set_config('tcp_keepalives_interval', $2, false),
         set_config('tcp_keepalives_count', $3, false)`,
      [KEEPALIVE_IDLE_SECONDS, KEEPALIVE_INTERVAL_SECONDS, KEEPALIVE_PROBES].map(String),
    );
    return client;
  }

  /**
   * Publishes the outbox in batches. A batch the cluster refuses for one of its messages (too large,
   * say) is sent again in halves until that message is alone: the others are published and deleted,
   * and the message is tried again on the next drain, then parked after MAX_SEND_FAILURES. An outage
   * of the cluster is thrown, charging no message, and the relay backs off.
   */
  private async drain(): Promise<void> {
    for (;;) {
      const rows: OutboxRow[] = await this.dataSource.query(
        `SELECT id, topic, message_key, payload, headers FROM outbox WHERE parked_at IS NULL ORDER BY id LIMIT $1`,
        [BATCH_SIZE],
      );
      if (rows.length === 0) return;
      const { outcomes, stoppedBy } = await runIsolatingFailures(
        rows,
        (part) => this.send(part),
        isKafkaOutage,
      );
      const sent = outcomes.flatMap((outcome) => ('result' in outcome ? [outcome.item.id] : []));
      if (sent.length > 0) {
        await this.dataSource.query(`DELETE FROM outbox WHERE id = ANY($1::bigint[])`, [sent]);
        publishedEvents.inc(sent.length);
      }
      if (stoppedBy) throw stoppedBy.error;
      const refused = outcomes.flatMap((outcome) => ('error' in outcome ? [outcome] : []));
      await this.relaying.parking.recordFailures(
        this.dataSource,
        refused.map(({ item, error }) => ({
          key: item.id,
          ids: { outboxId: item.id, topic: item.topic, key: item.message_key },
          error,
        })),
      );
      if (rows.length < BATCH_SIZE || refused.length > 0) return;
    }
  }

  private async send(rows: OutboxRow[]): Promise<OutboxRow[]> {
    await sendingStoredTraceContexts(() =>
      this.producer.sendBatch({
        topicMessages: groupByTopic(rows),
        acks: -1,
        compression: CompressionTypes.None,
      }),
    );
    return rows;
  }

  private async dropSession(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    this.leading = false;
    await session?.end().catch(() => undefined);
  }
}

function groupByTopic(rows: OutboxRow[]) {
  const byTopic = new Map<string, { key: string; value: string; headers: Record<string, string> }[]>();
  for (const row of rows) {
    const messages = byTopic.get(row.topic) ?? [];
    messages.push({ key: row.message_key, value: row.payload, headers: row.headers });
    byTopic.set(row.topic, messages);
  }
  return [...byTopic.entries()].map(([topic, messages]) => ({ topic, messages }));
}
