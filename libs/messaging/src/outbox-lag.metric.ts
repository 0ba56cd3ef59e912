import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Gauge, register } from 'prom-client';
import { DataSource } from 'typeorm';
import { MESSAGING_OPTIONS, MessagingOptions } from './tokens';

const OUTBOX_LAG = 'outbox_oldest_unpublished_age_seconds';

/** Reads the age in seconds of the oldest event waiting in one outbox; undefined when it cannot. */
type AgeReader = () => Promise<number | undefined>;

/** The outboxes of this process: one in an app, several when a test runs replicas side by side. */
const readers = new Set<AgeReader>();

/** Registered once per process, by the first app that produces events: its value is the oldest wait. */
function registerGauge(): void {
  if (register.getSingleMetric(OUTBOX_LAG)) return;
  new Gauge({
    name: OUTBOX_LAG,
    help: 'Seconds the oldest unparked event in the outbox has waited to be published; 0 when none waits',
    async collect() {
      const ages = await Promise.all([...readers].map((read) => read()));
      const known = ages.filter((age): age is number => age !== undefined);
      // A failed read keeps the last value rather than failing the whole scrape.
      if (known.length > 0 || ages.length === 0) this.set(Math.max(0, ...known));
    },
  });
}

/**
 * How long the oldest event still waiting in this app's outbox has waited, counted when /metrics is
 * scraped: the relay deletes what it publishes, so a growing age means events are not reaching
 * Kafka, whether the relay fails, stalls or no replica holds its lock. Parked rows are left out
 * (background_items_parked_total{worker="outbox-relay"} counts them).
 */
@Injectable()
export class OutboxLagMetric implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(OutboxLagMetric.name);
  private readonly readAge: AgeReader = () => this.oldestAge();

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    if (this.options.produces.length === 0) return;
    readers.add(this.readAge);
    registerGauge();
  }

  onModuleDestroy(): void {
    readers.delete(this.readAge);
  }

  private async oldestAge(): Promise<number | undefined> {
    try {
      // The primary key's order is the relay's order, so this reads one index entry, not the table.
      const rows = await this.dataSource.query<{ age: number }[]>(
        `SELECT extract(epoch FROM now() - created_at)::float8 AS age
           FROM outbox WHERE parked_at IS NULL ORDER BY id LIMIT 1`,
      );
      return rows[0]?.age ?? 0;
    } catch (error) {
      this.logger.warn({ err: error }, 'could not read the age of the outbox');
      return undefined;
    }
  }
}
