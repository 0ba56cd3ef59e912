import { ConfigService } from '@nestjs/config';
import { purgeExpired } from '@payments/persistence';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';
import { WEBHOOKS_RETENTION } from '@webhooks/retention';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

jest.setTimeout(30_000);

describe('WEBHOOKS_RETENTION (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  const [deliveries] = WEBHOOKS_RETENTION(new ConfigService({ ...new WebhookDispatcherEnvironment() }));

  beforeAll(async () => {
    database = await MigratedDatabase.create(WEBHOOKS_SCHEMA);
    dataSource = database.dataSource;
  });

  afterAll(async () => {
    await database?.drop();
  });

  /** A delivery created `daysAgo` days ago, with two attempts. */
  async function delivery(status: string, daysAgo: number, parked = false): Promise<string> {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO deliveries (id, platform_id, environment, aggregate_id, type, body, status, created_at, parked_at)
       VALUES ($1::uuid, 'Platform:1', 'SANDBOX', $1::text, 'OUTGOING_PAYMENT', '{}', $2, now() - make_interval(days => $3),
         CASE WHEN $4 THEN now() END)`,
      [id, status, daysAgo, parked],
    );
    await dataSource.query(
      `INSERT INTO delivery_attempts (delivery_id, attempt, url, started_at, duration_ms, response_status)
       SELECT $1, attempt, 'https://platform.example/hooks', now(), 12, 500 FROM generate_series(1, 2) AS attempt`,
      [id],
    );
    return id;
  }

  const idsIn = async (sql: string) =>
    (await dataSource.query(sql)).map((row: { id: string }) => row.id).sort();

  it('purges the delivered and failed webhooks past WEBHOOK_RETENTION_DAYS with their attempts, never a pending or parked one', async () => {
    await delivery('DELIVERED', 31);
    await delivery('FAILED', 31);
    const kept = [
      await delivery('DELIVERED', 29),
      await delivery('PENDING', 40),
      await delivery('PENDING', 40, true),
    ];

    await expect(purgeExpired(dataSource, deliveries, { batchRows: 100, batchesPerCall: 1 })).resolves.toBe(
      false,
    );

    expect(deliveries.retentionHours).toBe(30 * 24);
    expect(await idsIn('SELECT id FROM deliveries')).toEqual(kept.sort());
    expect(await idsIn('SELECT DISTINCT delivery_id AS id FROM delivery_attempts')).toEqual(kept.sort());
  });
});
