import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { Outbox } from '@payments/persistence';
import { delay, LEASE_MS } from '@payments/runtime';
import { eventually, MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ApprovalRequestSender } from '@webhooks/approvals/approval-request.sender';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';
import { AttemptResult } from '@webhooks/deliveries/delivery-policy';
import { DeliveryLeases } from '@webhooks/deliveries/delivery-leases';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { NewDelivery } from '@webhooks/deliveries/webhook-envelope';
import { RedeliveryStore } from '@webhooks/delivery-log/redelivery.store';
import { SignedWebhookSender } from '@webhooks/signing/signed-webhook.sender';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

jest.setTimeout(30_000);

const SCOPE = { platformId: 'Platform:1', environment: Environment.Sandbox };
const ENDPOINT_URL = 'http://127.0.0.1:9/hooks';
const ENVIRONMENT: Record<string, unknown> = {
  WEBHOOK_CONCURRENCY: 4,
  WEBHOOK_REDELIVERY_CONCURRENCY: 2,
  WEBHOOK_REDELIVERY_PER_PLATFORM: 1,
  WEBHOOK_RETRY_SCHEDULE_SECONDS: '1',
  WEBHOOK_ENDPOINT_WAIT_SECONDS: 60,
  WEBHOOK_TIMEOUT_MS: 10_000,
  // A grace of half a second.
  SHUTDOWN_TIMEOUT_MS: 1_000,
};
const config = { get: (key: string) => ENVIRONMENT[key] } as unknown as ConfigService<
  WebhookDispatcherEnvironment,
  true
>;

/** A platform's endpoint as a test drives it: each attempt answers 200 when the test says so. */
class Endpoint {
  readonly sentAt: number[] = [];
  private readonly pending: (() => void)[] = [];

  constructor(private readonly holdMs: number | 'until-answered' = 0) {}

  readonly sender = {
    send: (url: string): Promise<AttemptResult> => {
      this.sentAt.push(Date.now());
      const answered = { url, startedAt: new Date(), durationMs: 1, responseStatus: 200 };
      return new Promise((resolve) => {
        if (this.holdMs === 'until-answered') this.pending.push(() => resolve(answered));
        else setTimeout(() => resolve(answered), this.holdMs);
      });
    },
  } as unknown as SignedWebhookSender;

  answerAll(): void {
    for (const answer of this.pending.splice(0)) answer();
  }
}

describe('Delivery leases (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let store: DeliveryStore;
  const workers: DeliveryWorker[] = [];

  beforeAll(async () => {
    database = await MigratedDatabase.create(WEBHOOKS_SCHEMA);
    dataSource = database.dataSource;
    store = new DeliveryStore(dataSource);
    await dataSource.query(
      `INSERT INTO webhook_endpoints (platform_id, environment, url) VALUES ($1, $2, $3)`,
      [SCOPE.platformId, SCOPE.environment, ENDPOINT_URL],
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE delivery_attempts, deliveries'));

  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.beforeApplicationShutdown();
  });

  /** A dispatcher replica's worker, sending to `endpoint`. */
  function startWorker(endpoint: Endpoint): DeliveryWorker {
    // Approval requests are tested end to end (approvals/__tests__).
    const approvals = {} as ApprovalRequestSender;
    const worker = new DeliveryWorker(
      store,
      endpoint.sender,
      new DeliveryLeases(store),
      config,
      dataSource,
      approvals,
      {} as Outbox,
      new RedeliveryStore(dataSource),
    );
    worker.onApplicationBootstrap();
    workers.push(worker);
    return worker;
  }

  async function enqueue(): Promise<NewDelivery> {
    const id = randomUUID();
    const webhook = {
      id,
      ...SCOPE,
      aggregateId: 'Transaction:a',
      type: 'OUTGOING_PAYMENT' as const,
      body: '{}',
    };
    await store.enqueue([webhook]);
    return webhook;
  }

  const row = async (id: string) =>
    (await dataSource.query('SELECT * FROM deliveries WHERE id = $1', [id]))[0];
  const delivered = (id: string) =>
    eventually(async () => ((await row(id)).status === 'DELIVERED' ? true : undefined));
  const attempts = async (id: string) =>
    (
      await dataSource.query('SELECT count(*)::int AS count FROM delivery_attempts WHERE delivery_id = $1', [
        id,
      ])
    )[0].count;

  it('sends a delivery held by a dispatcher that died within a few seconds of its claim', async () => {
    const webhook = await enqueue();
    // The dead replica's claim: nothing renews it.
    await store.takeDue(1, LEASE_MS);
    const claimedAt = Date.now();
    const survivor = new Endpoint();
    startWorker(survivor);

    await delivered(webhook.id);

    const takenAfter = survivor.sentAt[0] - claimedAt;
    expect(takenAfter).toBeGreaterThanOrEqual(LEASE_MS - 500);
    expect(takenAfter).toBeLessThan(LEASE_MS + 1_500);
  });

  it('keeps a delivery whose attempt outlasts the lease with the replica sending it', async () => {
    const slow = new Endpoint(LEASE_MS + 2_000);
    startWorker(slow);
    const webhook = await enqueue();
    await eventually(async () => (slow.sentAt.length === 1 ? true : undefined));
    const other = new Endpoint();
    startWorker(other);

    await delivered(webhook.id);

    expect(other.sentAt).toEqual([]);
    expect(await row(webhook.id)).toMatchObject({ attempt_count: 1, lease_token: null });
    expect(await attempts(webhook.id)).toBe(1);
  });

  it('hands the deliveries in flight to another replica as soon as their dispatcher shuts down', async () => {
    const stuck = new Endpoint('until-answered');
    const stopping = startWorker(stuck);
    const webhook = await enqueue();
    await eventually(async () => (stuck.sentAt.length === 1 ? true : undefined));
    const other = new Endpoint();
    startWorker(other);

    const shutdownAt = Date.now();
    await stopping.beforeApplicationShutdown();
    await delivered(webhook.id);
    // The stopped replica's attempt ends after all: its outcome is not written over the other's.
    stuck.answerAll();
    await delay(200);

    expect(other.sentAt[0] - shutdownAt).toBeLessThan(1_500);
    expect(await attempts(webhook.id)).toBe(1);
  });
});
