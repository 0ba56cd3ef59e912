import {
  ApiClient,
  e2eStack,
  eventually,
  platformWithEndpoint,
  PlatformWithEndpoint,
  ReceivedWebhook,
  verifySignature,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, Producer } from 'kafkajs';
import { publishTransactionEvents, statusChanged } from '@webhooks/__tests__/webhook-e2e-kit';

jest.setTimeout(120_000);

/** The e2e stack's WEBHOOK_RETRY_SCHEDULE_SECONDS=1,1,2: four attempts over about 4 s. */
const ATTEMPTS = 4;
/** WEBHOOK_REDELIVERY_PER_PLATFORM's default: one platform's redeliveries in flight at once. */
const PER_PLATFORM = 4;
/** Payment webhooks platform A gets while its endpoint is down: eight rounds of its share of the lane. */
const FAILED_WEBHOOKS = 32;
const SLOW_ANSWER_MS = 1_000;

describe('webhook delivery log and redelivery, through the gateway', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const kafka = new Kafka({
    clientId: 'delivery-log-e2e',
    brokers: stack.kafkaBrokers,
    logLevel: logLevel.NOTHING,
  });
  let producer: Producer;
  let a: PlatformWithEndpoint;
  let b: PlatformWithEndpoint;
  let viewer: ApiClient;

  beforeAll(async () => {
    producer = kafka.producer();
    await producer.connect();
    [a, b] = await Promise.all([platformWithEndpoint(api), platformWithEndpoint(api)]);
    const token = await a.sandbox.post('/tokens', { name: 'delivery-log-viewer', permissions: ['VIEW'] });
    viewer = api.withCredentials({ clientId: token.body.clientId, clientSecret: token.body.clientSecret });
  });

  afterAll(async () => {
    await producer?.disconnect();
    await Promise.all([a?.receiver.stop(), b?.receiver.stop()]);
  });

  const paymentsOf = (platform: PlatformWithEndpoint, query = '') =>
    platform.sandbox.get(`/webhooks/deliveries?type=OUTGOING_PAYMENT${query}`);
  const countOf = async (platform: PlatformWithEndpoint, status: string) =>
    (await paymentsOf(platform, `&status=${status}`)).body.totalCount as number;
  const payments = (webhooks: ReceivedWebhook[]) =>
    webhooks.filter((webhook) => webhook.body?.type === 'OUTGOING_PAYMENT');

  it('lists FAILED webhooks, redelivers them in bulk once the endpoint recovers, paced, while other platforms go on', async () => {
    a.receiver.respondWith(() => ({ status: 500, body: { error: 'down' } }));
    const ordered = `Transaction:${randomUUID()}`;
    const others = Array.from({ length: FAILED_WEBHOOKS - 2 }, () => `Transaction:${randomUUID()}`);
    await publishTransactionEvents(
      producer,
      statusChanged(a.platformId, ordered, 'PROCESSING'),
      statusChanged(a.platformId, ordered, 'COMPLETED'),
      ...others.map((id) => statusChanged(a.platformId, id, 'COMPLETED')),
    );
    await eventually(async () => ((await countOf(a, 'FAILED')) === FAILED_WEBHOOKS ? true : undefined), {
      timeoutMs: 40_000,
      intervalMs: 250,
    });

    // The log: newest first, each with its attempts, its transaction, and the body as sent.
    const failed = (await paymentsOf(a, '&status=FAILED&limit=100')).body;
    expect(failed).toMatchObject({ hasMore: false, totalCount: FAILED_WEBHOOKS });
    expect(failed.data[0]).toEqual({
      id: expect.stringMatching(/^Webhook:[0-9a-f-]{36}$/),
      type: 'OUTGOING_PAYMENT',
      status: 'FAILED',
      transactionId: expect.stringMatching(/^Transaction:/),
      attempts: ATTEMPTS,
      lastAttemptAt: expect.any(String),
      lastStatusCode: 500,
      createdAt: expect.any(String),
    });
    const createdAts = failed.data.map((item: { createdAt: string }) => item.createdAt);
    expect([...createdAts].sort().reverse()).toEqual(createdAts);
    const firstPage = (await paymentsOf(a, '&status=FAILED&limit=20')).body;
    const secondPage = (await paymentsOf(a, `&status=FAILED&limit=20&cursor=${firstPage.nextCursor}`)).body;
    expect([...firstPage.data, ...secondPage.data].map((item: { id: string }) => item.id)).toEqual(
      failed.data.map((item: { id: string }) => item.id),
    );
    // Enqueued by one statement, the transaction's two webhooks share their creation time.
    const details = await Promise.all(
      (await paymentsOf(a, `&transactionId=${ordered}`)).body.data.map((item: { id: string }) =>
        a.sandbox.get(`/webhooks/deliveries/${item.id}`),
      ),
    );
    expect(details).toHaveLength(2);
    const detail = details.find((each) => each.body.body.transaction.status === 'PROCESSING')!;
    const processing = detail.body;
    expect(detail.status).toBe(200);
    expect(detail.body.attemptLog).toHaveLength(ATTEMPTS);
    expect(detail.body.attemptLog[0]).toEqual({
      at: expect.any(String),
      statusCode: 500,
      durationMs: expect.any(Number),
      responseExcerpt: '{"error":"down"}',
    });
    expect(detail.body.body).toMatchObject({
      webhookId: processing.id,
      transaction: { id: ordered, status: 'PROCESSING' },
    });

    // Another platform, the other environment, and a VIEW token see or change nothing of it.
    expect((await b.sandbox.get(`/webhooks/deliveries/${processing.id}`)).status).toBe(404);
    expect((await a.production.get(`/webhooks/deliveries/${processing.id}`)).status).toBe(404);
    expect((await b.sandbox.post(`/webhooks/deliveries/${processing.id}/redeliver`)).status).toBe(404);
    expect((await b.sandbox.post('/webhooks/deliveries/redeliver', { status: 'FAILED' })).body).toEqual({
      count: 0,
    });
    expect(await countOf(b, 'FAILED')).toBe(0);
    expect((await viewer.get('/webhooks/deliveries')).status).toBe(200);
    expect((await viewer.post(`/webhooks/deliveries/${processing.id}/redeliver`)).status).toBe(403);
    expect((await viewer.post('/webhooks/deliveries/redeliver', { status: 'FAILED' })).status).toBe(403);
    expect((await a.sandbox.post('/webhooks/deliveries/redeliver', {})).body.code).toBe('INVALID_INPUT');

    // The endpoint recovers, slowly: the lane keeps at most the platform's share in flight.
    let inFlight = 0;
    let mostInFlight = 0;
    a.receiver.respondWith(async () => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
      inFlight -= 1;
      return { status: 200 };
    });
    const sentBefore = a.receiver.requests.length;
    const bulk = await a.sandbox.post('/webhooks/deliveries/redeliver', {
      status: 'FAILED',
      type: 'OUTGOING_PAYMENT',
    });
    expect(bulk.status).toBe(202);
    expect(bulk.body).toEqual({ count: FAILED_WEBHOOKS });

    // Platform B's fresh webhooks go out at once while A's redeliveries queue in their lane.
    const fresh = Array.from({ length: 5 }, () => `Transaction:${randomUUID()}`);
    const publishedAt = Date.now();
    await publishTransactionEvents(
      producer,
      ...fresh.map((id) => statusChanged(b.platformId, id, 'COMPLETED')),
    );
    await eventually(async () =>
      fresh.every((id) => b.receiver.received((body) => body?.transaction?.id === id).length > 0)
        ? true
        : undefined,
    );
    const freshArrivedAt = Date.now();
    expect(freshArrivedAt - publishedAt).toBeLessThan(SLOW_ANSWER_MS * 2);

    await eventually(async () => ((await countOf(a, 'DELIVERED')) === FAILED_WEBHOOKS ? true : undefined), {
      timeoutMs: 40_000,
      intervalMs: 250,
    });
    const redelivered = payments(a.receiver.requests.slice(sentBefore));
    expect(redelivered).toHaveLength(FAILED_WEBHOOKS);
    expect(mostInFlight).toBeLessThanOrEqual(PER_PLATFORM);
    // The lane took more than one round, and B's webhooks did not wait for it.
    expect(Math.max(...redelivered.map((webhook) => webhook.receivedAt.getTime()))).toBeGreaterThan(
      freshArrivedAt,
    );
    // The same webhookIds, each signed afresh with A's key; the transaction's webhooks in order.
    expect(new Set(redelivered.map((webhook) => webhook.body.webhookId))).toEqual(
      new Set(failed.data.map((item: { id: string }) => item.id)),
    );
    for (const webhook of redelivered)
      expect(verifySignature(webhook.rawBody, webhook.headers['x-grid-signature'], a.publicKeyPem)).toBe(
        true,
      );
    expect(
      redelivered
        .filter((webhook) => webhook.body.transaction.id === ordered)
        .map((webhook) => webhook.body.transaction.status),
    ).toEqual(['PROCESSING', 'COMPLETED']);
    const after = await a.sandbox.get(`/webhooks/deliveries/${processing.id}`);
    expect(after.body).toMatchObject({ status: 'DELIVERED', attempts: ATTEMPTS + 1, lastStatusCode: 200 });
  });

  it('redelivers one webhook with its webhookId, and answers 409 while it is still being sent', async () => {
    a.receiver.respondWith(async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
      return { status: 200 };
    });
    const transactionId = `Transaction:${randomUUID()}`;
    await publishTransactionEvents(producer, statusChanged(a.platformId, transactionId, 'COMPLETED'));
    const delivered = await eventually(async () => {
      const [item] = (await paymentsOf(a, `&transactionId=${transactionId}&status=DELIVERED`)).body.data;
      return item;
    });

    const first = await a.sandbox.post(`/webhooks/deliveries/${delivered.id}/redeliver`);
    const second = await a.sandbox.post(`/webhooks/deliveries/${delivered.id}/redeliver`);

    expect(first.status).toBe(202);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('CONFLICT');
    await eventually(async () =>
      a.receiver.received((body) => body?.webhookId === delivered.id).length === 2 ? true : undefined,
    );
    const metrics = await fetch(`${stack.appUrls['webhook-dispatcher']}/metrics`).then((response) =>
      response.text(),
    );
    expect(metrics).toMatch(/webhook_redelivery_requests_total\{[^}]*kind="single"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/webhook_redelivery_requests_total\{[^}]*kind="bulk"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/webhook_delivery_log_reads_total\{[^}]*read="list"[^}]*\} [1-9]/);
  });
});
