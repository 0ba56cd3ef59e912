import { Environment } from '@payments/contracts';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';
import { AttemptResult, Decision } from '@webhooks/deliveries/delivery-policy';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';
import { NewDelivery } from '@webhooks/deliveries/webhook-envelope';

export const SCOPE = { platformId: 'Platform:1', environment: Environment.Sandbox };
export const LEASE_MS = 60_000;

export function delivery(aggregateId: string, scope = SCOPE): NewDelivery {
  const id = randomUUID();
  return {
    id,
    ...scope,
    aggregateId,
    type: 'OUTGOING_PAYMENT',
    body: JSON.stringify({ webhookId: `Webhook:${id}` }),
  };
}

export const attempt: AttemptResult = {
  url: 'http://127.0.0.1:9/hooks',
  startedAt: new Date(),
  durationMs: 4,
  responseStatus: 500,
  responseBody: 'down',
};
export const delivered = (): Decision => ({
  status: 'DELIVERED',
  nextAttemptAt: new Date(),
  lastError: null,
});
export const retryIn = (seconds: number): Decision => ({
  status: 'PENDING',
  nextAttemptAt: new Date(Date.now() + seconds * 1000),
  lastError: 'answered 500',
});

/**
 * Call in a describe block: a migrated database with the platform's endpoint, and a DeliveryStore on
 * it; each test starts with no deliveries.
 */
export function deliveryStoreDatabase() {
  let database: MigratedDatabase;
  const kit = {
    dataSource: undefined as unknown as DataSource,
    store: undefined as unknown as DeliveryStore,

    row: async (id: string) =>
      (await kit.dataSource.query('SELECT * FROM deliveries WHERE id = $1', [id]))[0],

    /** A delivery's id with the token of the lease it is held under, as its outcome carries them. */
    leased: async (id: string) => ({ id, lease: (await kit.row(id)).lease_token as string }),
    ids: (deliveries: { id: string }[]) => deliveries.map((each) => each.id).sort(),
    enqueueAll: async (...deliveries: NewDelivery[]) => {
      for (const each of deliveries) await kit.store.enqueue([each]);
    },
  };

  beforeAll(async () => {
    database = await MigratedDatabase.create(WEBHOOKS_SCHEMA);
    const dataSource = (kit.dataSource = database.dataSource);
    kit.store = new DeliveryStore(dataSource);
    await dataSource.query(
      `INSERT INTO webhook_endpoints (platform_id, environment, url) VALUES ($1, $2, 'http://127.0.0.1:9/hooks')`,
      [SCOPE.platformId, SCOPE.environment],
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  beforeEach(() => kit.dataSource.query('TRUNCATE delivery_attempts, deliveries'));
  return kit;
}
