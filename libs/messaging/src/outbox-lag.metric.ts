import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Gauge, register } from 'prom-client';
import { DataSource } from 'typeorm';
import { MESSAGING_OPTIONS, MessagingOptions } from './tokens';

const OUTBOX_LAG = 'outbox_oldest_unpublished_age_seconds';

/**
 * How long the oldest event still waiting in this app's outbox has waited, counted when /metrics is
 * scraped: the relay deletes what it publishes, so a growing age means events are not reaching
 * Kafka, whether the relay fails, stalls or no replica holds its lock. Parked rows are left out
 * (background_items_parked_total{worker="outbox-relay"} counts them).
 */
@Injectable()
export class OutboxLagMetric implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(OutboxLagMetric.name);

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    if (this.options.produces.length === 0) return;
    const { dataSource, logger } = this;
    new Gauge({
      name: OUTBOX_LAG,
      help: 'Seconds the oldest unparked event in the outbox has waited to be published; 0 when none waits',
      async collect() {
        // The primary key's order is the relay's order, so this reads one index entry, not the table.
        const oldest = dataSource.query<{ age: number }[]>(
          `SELECT extract(epoch FROM now() - created_at)::float8 AS age
             FROM outbox WHERE parked_at IS NULL ORDER BY id LIMIT 1`,
        );
        // A failed read keeps the last value rather than failing the whole scrape.
        await oldest.then(
          (rows) => this.set(Math.max(0, rows[0]?.age ?? 0)),
          (error: unknown) => logger.warn({ err: error }, 'could not read the age of the outbox'),
        );
      },
    });
  }

  onModuleDestroy(): void {
    register.removeSingleMetric(OUTBOX_LAG);
  }
}
