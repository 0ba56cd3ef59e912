import { TransactionEvent, TransactionStatus } from '@payments/contracts';
import {
  ApiClient,
  e2eStack,
  eventually,
  newPlatformClients,
  platformWithEndpoint,
  PlatformWithEndpoint,
  ReceivedWebhook,
  verifySignature,
  WebhookReceiver,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, Producer } from 'kafkajs';
import { Pool } from 'pg';
import {
  publishTransactionEvents,
  statusChanged as statusChangedOf,
  webhooksDatabase,
} from '@webhooks/__tests__/webhook-e2e-kit';

/** The e2e stack runs the dispatcher with WEBHOOK_RETRY_SCHEDULE_SECONDS=1,1,2: four attempts over about 4 s. */
const ATTEMPTS = 4;

describe('payment webhooks', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const kafka = new Kafka({
    clientId: 'webhook-e2e',
    brokers: stack.kafkaBrokers,
    logLevel: logLevel.NOTHING,
  });
  let producer: Producer;
  let platform: PlatformWithEndpoint;
  let database: Pool;

  beforeAll(async () => {
    producer = kafka.producer();
    await producer.connect();
    platform = await platformWithEndpoint(api);
    database = webhooksDatabase();
  });

  afterAll(async () => {
    await producer?.disconnect();
    await platform?.receiver.stop();
    await database?.end();
  });

  afterEach(() => platform.receiver.respondWith(() => ({ status: 200 })));

  const statusChanged = (
    transactionId: string,
    status: TransactionStatus,
    platformId = platform.platformId,
  ) => statusChangedOf(platformId, transactionId, status);
  const publish = (...events: TransactionEvent[]) => publishTransactionEvents(producer, ...events);

  const newTransactionId = () => `Transaction:${randomUUID()}`;
  const webhooksOf = (transactionId: string): ReceivedWebhook[] =>
    platform.receiver.received((body) => body?.transaction?.id === transactionId);
  const statusesOf = (transactionId: string) =>
    webhooksOf(transactionId).map((webhook) => webhook.body.transaction.status);
  const waitForWebhooks = (transactionId: string, count: number) =>
    eventually(
      async () => (webhooksOf(transactionId).length >= count ? webhooksOf(transactionId) : undefined),
      { intervalMs: 10 },
    );
  const uuidOf = (webhook: ReceivedWebhook) => webhook.body.webhookId.slice('Webhook:'.length);

  it('delivers one signed OUTGOING_PAYMENT webhook per status change, in order, and none for a redelivered event', async () => {
    const transactionId = newTransactionId();
    const [pending, processing, completed] = (['PENDING', 'PROCESSING', 'COMPLETED'] as const).map((status) =>
      statusChanged(transactionId, status),
    );

    await publish(pending, processing, pending, completed);
    const webhooks = await waitForWebhooks(transactionId, 3);

    expect(statusesOf(transactionId)).toEqual(['PENDING', 'PROCESSING', 'COMPLETED']);
    expect(webhooks[2].body).toEqual({
      webhookId: expect.stringMatching(/^Webhook:[0-9a-f-]{36}$/),
      type: 'OUTGOING_PAYMENT',
      timestamp: completed.occurredAt,
      // Each attempt's own (docs/api.md#webhook-signatures).
      platformId: expect.any(String),
      environment: 'SANDBOX',
      sentAt: expect.any(String),
      transaction: completed.payload.transaction,
    });
    for (const webhook of webhooks) {
      expect(
        verifySignature(webhook.rawBody, webhook.headers['x-grid-signature'], platform.publicKeyPem),
      ).toBe(true);
    }
    const { rows } = await database.query(
      `SELECT id, status, body FROM deliveries WHERE aggregate_id = $1 ORDER BY sequence`,
      [transactionId],
    );
    expect(rows).toEqual(
      webhooks.map((webhook) => ({ id: uuidOf(webhook), status: 'DELIVERED', body: expect.any(String) })),
    );
    // What was sent is the stored body with the attempt's fields appended.
    rows.forEach((row, index) =>
      expect(webhooks[index].rawBody.startsWith(row.body.slice(0, -1))).toBe(true),
    );
  });

  it('retries a failed webhook with backoff, the same webhook each time signed afresh with its sentAt, and records every attempt', async () => {
    const transactionId = newTransactionId();
    platform.receiver.failNext(2, 503);

    await publish(statusChanged(transactionId, 'COMPLETED'));
    const attempts = await waitForWebhooks(transactionId, 3);

    // The same webhook, each attempt stamped with its own time and signed for it (docs/api.md#webhook-signatures).
    const withoutSentAt = ({ sentAt: _sentAt, ...rest }: Record<string, unknown>) => rest;
    expect(new Set(attempts.map((attempt) => JSON.stringify(withoutSentAt(attempt.body)))).size).toBe(1);
    const sentAts = attempts.map((attempt) => Date.parse(attempt.body.sentAt));
    expect(sentAts[1]).toBeGreaterThan(sentAts[0]);
    expect(sentAts[2]).toBeGreaterThan(sentAts[1]);
    for (const attempt of attempts)
      expect(
        verifySignature(attempt.rawBody, attempt.headers['x-grid-signature'], platform.publicKeyPem),
      ).toBe(true);
    const gaps = attempts
      .slice(1)
      .map((attempt, index) => attempt.receivedAt.getTime() - attempts[index].receivedAt.getTime());
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThanOrEqual(900);
    const recorded = await eventually(async () => {
      const { rows } = await database.query(
        `SELECT d.status, d.attempt_count, d.delivered_at, a.attempt, a.response_status, a.started_at, a.duration_ms
         FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id WHERE d.id = $1 ORDER BY a.attempt`,
        [uuidOf(attempts[0])],
      );
      return rows.length === 3 ? rows : undefined;
    });
    expect(recorded.map((row) => [row.attempt, row.response_status])).toEqual([
      [1, 503],
      [2, 503],
      [3, 200],
    ]);
    expect(recorded[2]).toMatchObject({
      status: 'DELIVERED',
      attempt_count: 3,
      delivered_at: expect.any(Date),
    });
  });

  it("keeps a transaction's later webhooks waiting until the earlier one is delivered, while other transactions go ahead", async () => {
    const [slow, other] = [newTransactionId(), newTransactionId()];
    platform.receiver.respondWith((request) =>
      request.body?.transaction?.id === slow && webhooksOf(slow).length === 1
        ? { status: 500 }
        : { status: 200 },
    );

    await publish(
      statusChanged(slow, 'PROCESSING'),
      statusChanged(slow, 'COMPLETED'),
      statusChanged(other, 'COMPLETED'),
    );
    await waitForWebhooks(slow, 3);

    expect(statusesOf(slow)).toEqual(['PROCESSING', 'PROCESSING', 'COMPLETED']);
    const [failed, retried, later] = webhooksOf(slow);
    expect(retried.receivedAt.getTime() - failed.receivedAt.getTime()).toBeGreaterThanOrEqual(900);
    expect(later.receivedAt.getTime()).toBeGreaterThanOrEqual(retried.receivedAt.getTime());
    expect(webhooksOf(other)[0].receivedAt.getTime()).toBeLessThan(retried.receivedAt.getTime());
  });

  it('gives a webhook up as FAILED after the schedule, with the reason, and then sends the next one of its transaction', async () => {
    const transactionId = newTransactionId();
    platform.receiver.respondWith((request) =>
      request.body?.transaction?.status === 'PROCESSING' ? { status: 410 } : { status: 200 },
    );

    await publish(statusChanged(transactionId, 'PROCESSING'), statusChanged(transactionId, 'FAILED'));
    await waitForWebhooks(transactionId, ATTEMPTS + 1);

    expect(statusesOf(transactionId)).toEqual([...Array(ATTEMPTS).fill('PROCESSING'), 'FAILED']);
    const { rows } = await database.query(
      `SELECT status, attempt_count, last_error, (SELECT count(*)::int FROM delivery_attempts WHERE delivery_id = id) AS attempts
       FROM deliveries WHERE aggregate_id = $1 ORDER BY sequence LIMIT 1`,
      [transactionId],
    );
    expect(rows).toEqual([
      {
        status: 'FAILED',
        attempt_count: ATTEMPTS,
        attempts: ATTEMPTS,
        last_error: `gave up after ${ATTEMPTS} attempt(s): answered 410`,
      },
    ]);
  });

  it('holds webhooks while a platform has no endpoint and sends them once it sets one', async () => {
    const { platformId, sandbox } = newPlatformClients(api);
    const transactionId = newTransactionId();
    const receiver = new WebhookReceiver();
    await receiver.start();
    try {
      await publish(statusChanged(transactionId, 'COMPLETED', platformId));
      const waiting = await eventually(async () => {
        const { rows } = await database.query(
          `SELECT status, attempt_count, last_error FROM deliveries WHERE aggregate_id = $1`,
          [transactionId],
        );
        return rows[0]?.last_error ? rows[0] : undefined;
      });
      expect(waiting).toMatchObject({
        status: 'PENDING',
        attempt_count: 0,
        last_error: expect.stringMatching(/^WEBHOOK_ENDPOINT_NOT_SET/),
      });

      await sandbox.patch('/config', { webhookEndpoint: receiver.url });

      const webhook = await receiver.waitFor((body) => body?.transaction?.id === transactionId);
      expect(webhook.body).toMatchObject({ type: 'OUTGOING_PAYMENT', transaction: { status: 'COMPLETED' } });
      // The TEST webhook of the new endpoint goes too, alongside (it orders with nothing).
      await receiver.waitFor((body) => body?.type === 'TEST');
    } finally {
      await receiver.stop();
    }
  });

  it('reports deliveries, latency and queue depth on /metrics', async () => {
    const metrics = await fetch(`${stack.appUrls['webhook-dispatcher']}/metrics`).then((response) =>
      response.text(),
    );
    const sample = (name: string, ...labels: string[]) =>
      metrics
        .split('\n')
        .find((line) => line.startsWith(`${name}{`) && labels.every((label) => line.includes(label)));

    expect(sample('webhook_deliveries_total', 'type="OUTGOING_PAYMENT"', 'outcome="delivered"')).toMatch(
      / [1-9]\d*$/,
    );
    expect(sample('webhook_deliveries_total', 'type="OUTGOING_PAYMENT"', 'outcome="retrying"')).toMatch(
      / [1-9]\d*$/,
    );
    expect(sample('webhook_deliveries_total', 'type="OUTGOING_PAYMENT"', 'outcome="failed"')).toMatch(
      / [1-9]\d*$/,
    );
    expect(sample('webhook_delivery_latency_seconds_count', 'type="OUTGOING_PAYMENT"')).toMatch(/ [1-9]\d*$/);
    expect(sample('webhook_queue_depth')).toMatch(/ \d+$/);
  });
});
