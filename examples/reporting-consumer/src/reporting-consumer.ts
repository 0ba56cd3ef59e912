import { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { Pool, PoolClient } from 'pg';

/** The fields of a `transaction.status-changed` event this report reads (docs/asyncapi.yaml). */
interface TransactionEvent {
  eventId: string;
  type: string;
  occurredAt: string;
  platformId: string;
  environment: string;
  payload: {
    transaction: { status: string; sentAmount?: { amount: number; currency: { code: string } } };
  };
}

export interface ReportingConsumerOptions {
  /** The full topic name, with the deployment's prefix, or a replay topic. */
  topic: string;
  groupId: string;
  /** The schema of the read model; created if missing. */
  schema: string;
}

/**
 * An example reporting consumer of `transfers.transaction-events.v1`: daily volume of completed
 * transactions per currency and daily counts per status, per platform and environment, in tables of
 * its own. It consumes with a group of its own and records each eventId with its effect in one
 * database transaction, so a redelivered or replayed event counts once (docs/operations.md).
 */
export class ReportingConsumer {
  private readonly consumer: Consumer;

  constructor(
    kafka: Kafka,
    private readonly pool: Pool,
    private readonly options: ReportingConsumerOptions,
  ) {
    this.consumer = kafka.consumer({ groupId: options.groupId });
  }

  async start(): Promise<void> {
    await this.createTables();
    await this.consumer.connect();
    await this.consumer.subscribe({ topic: this.options.topic, fromBeginning: true });
    await this.consumer.run({ eachBatch: (batch) => this.handle(batch) });
  }

  stop(): Promise<void> {
    return this.consumer.disconnect();
  }

  private async handle({ batch, resolveOffset, heartbeat }: EachBatchPayload): Promise<void> {
    for (const message of batch.messages) {
      const event = JSON.parse(message.value?.toString() ?? 'null') as TransactionEvent | null;
      if (event?.type === 'transaction.status-changed') await this.record(event);
      resolveOffset(message.offset);
      await heartbeat();
    }
  }

  private async record(event: TransactionEvent): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rowCount } = await client.query(
        `INSERT INTO ${this.options.schema}.seen_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING`,
        [event.eventId],
      );
      if (rowCount === 1) await this.count(client, event);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  private async count(client: PoolClient, event: TransactionEvent): Promise<void> {
    const day = event.occurredAt.slice(0, 10);
    const scope = [event.platformId, event.environment, day];
    const { status, sentAmount } = event.payload.transaction;
    await client.query(
      `INSERT INTO ${this.options.schema}.daily_status_counts (platform_id, environment, day, status, count)
       VALUES ($1, $2, $3, $4, 1)
       ON CONFLICT (platform_id, environment, day, status) DO UPDATE SET count = daily_status_counts.count + 1`,
      [...scope, status],
    );
    if (status !== 'COMPLETED' || !sentAmount) return;
    await client.query(
      `INSERT INTO ${this.options.schema}.daily_volume (platform_id, environment, day, currency, amount, transactions)
       VALUES ($1, $2, $3, $4, $5, 1)
       ON CONFLICT (platform_id, environment, day, currency)
       DO UPDATE SET amount = daily_volume.amount + EXCLUDED.amount, transactions = daily_volume.transactions + 1`,
      [...scope, sentAmount.currency.code, sentAmount.amount],
    );
  }

  private async createTables(): Promise<void> {
    const schema = this.options.schema;
    await this.pool.query(`
      CREATE SCHEMA IF NOT EXISTS ${schema};
      CREATE TABLE IF NOT EXISTS ${schema}.seen_events (event_id uuid PRIMARY KEY);
      CREATE TABLE IF NOT EXISTS ${schema}.daily_status_counts (
        platform_id text, environment text, day date, status text, count bigint NOT NULL,
        PRIMARY KEY (platform_id, environment, day, status));
      CREATE TABLE IF NOT EXISTS ${schema}.daily_volume (
        platform_id text, environment text, day date, currency text,
        amount bigint NOT NULL, transactions bigint NOT NULL,
        PRIMARY KEY (platform_id, environment, day, currency));`);
  }
}
