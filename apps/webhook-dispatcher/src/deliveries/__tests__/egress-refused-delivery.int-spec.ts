import { Environment } from '@payments/contracts';
import { MigratedDatabase, WebhookReceiver } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';
import { afterAttempt } from '@webhooks/deliveries/delivery-policy';
import { DeliveryStore } from '@webhooks/deliveries/delivery.store';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { senderWith } from '@webhooks/deliveries/__tests__/webhook-sender-kit';
import { SignedAttempt } from '@webhooks/signing/webhook-signer';

jest.setTimeout(30_000);

const SCOPE = { platformId: 'Platform:egress', environment: Environment.Sandbox };
const SCHEDULE = [5];

/**
 * The attack: a platform names an endpoint inside the deployment (here a receiver on loopback, as
 * an internal service would be) and reads what its webhooks' delivery log says about it.
 */
describe('a webhook delivery to a refused address (PostgreSQL)', () => {
  const inside = new WebhookReceiver();
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let store: DeliveryStore;
  let sender: WebhookSender;
  let signed: (body: string) => SignedAttempt;

  beforeAll(async () => {
    database = await MigratedDatabase.create(WEBHOOKS_SCHEMA);
    dataSource = database.dataSource;
    store = new DeliveryStore(dataSource);
    ({ sender, signed } = senderWith({ EGRESS_ALLOW_PRIVATE_NETWORKS: 'false' }));
    await inside.start();
    await dataSource.query(
      `INSERT INTO webhook_endpoints (platform_id, environment, url) VALUES ($1, $2, $3)`,
      [SCOPE.platformId, SCOPE.environment, inside.url],
    );
  });

  afterAll(async () => {
    await sender?.onApplicationShutdown();
    await inside.stop();
    await database?.drop();
  });

  it('is recorded as a failed EGRESS_REFUSED attempt, retried on the schedule, then given up; nothing connects', async () => {
    await store.enqueue([
      {
        id: randomUUID(),
        ...SCOPE,
        aggregateId: 'Transaction:1',
        type: 'OUTGOING_PAYMENT',
        body: '{"webhookId":"1"}',
      },
    ]);
    const [due] = await store.takeDue(1, 60_000);
    const attempt = await sender.send(due.url!, signed(due.body));
    const decision = afterAttempt(SCHEDULE, 1, attempt, new Date());
    await store.record([{ id: due.id, lease: due.lease, decision, attemptCount: 1, attempt }], 0);

    const [recorded] = await dataSource.query(
      'SELECT response_status, response_body, error FROM delivery_attempts',
    );
    expect(recorded).toEqual({
      response_status: null,
      response_body: null,
      error: expect.stringMatching(/^EGRESS_REFUSED: /),
    });
    expect(recorded.error).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
    const [delivery] = await dataSource.query('SELECT status, last_error FROM deliveries');
    expect(delivery).toEqual({ status: 'PENDING', last_error: recorded.error });
    expect(afterAttempt(SCHEDULE, 2, attempt, new Date())).toMatchObject({
      status: 'FAILED',
      lastError: `gave up after 2 attempt(s): ${recorded.error}`,
    });
    expect(inside.requests).toHaveLength(0);
  });
});
