import {
  ApiClient,
  e2eStack,
  newPlatformClients,
  platformWithEndpoint,
  PlatformWithEndpoint,
  verifySignature,
  WebhookReceiver,
} from '@payments/testing';
import { Pool } from 'pg';
import { webhooksDatabase } from '@webhooks/__tests__/webhook-e2e-kit';

describe('TEST webhooks', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let platform: PlatformWithEndpoint;
  let database: Pool;

  beforeAll(async () => {
    platform = await platformWithEndpoint(api);
    database = webhooksDatabase();
  });

  afterAll(async () => {
    await platform?.receiver.stop();
    await database?.end();
  });

  it('sends a signed TEST webhook when the endpoint is set, verifiable with the key GET /config shows', async () => {
    const [test] = platform.receiver.received((body) => body.type === 'TEST');

    expect(test.body).toEqual({
      webhookId: expect.stringMatching(/^Webhook:[0-9a-f-]{36}$/),
      type: 'TEST',
      timestamp: expect.any(String),
      platformId: expect.any(String),
      environment: 'SANDBOX',
      sentAt: expect.any(String),
    });
    expect(test.headers['content-type']).toBe('application/json');
    expect(verifySignature(test.rawBody, test.headers['x-grid-signature'], platform.publicKeyPem)).toBe(true);
    expect(verifySignature(`${test.rawBody} `, test.headers['x-grid-signature'], platform.publicKeyPem)).toBe(
      false,
    );
    const { webhookPublicKey } = (await platform.sandbox.get('/config')).body;
    expect(webhookPublicKey).toBe(platform.publicKeyPem);
  });

  it('POST /webhooks/test sends a TEST webhook now and returns the status and latency only, recording the attempt', async () => {
    platform.receiver.respondWith(() => ({ status: 202, body: { seen: true } }));
    const before = platform.receiver.requests.length;

    const response = await platform.sandbox.post('/webhooks/test');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      url: platform.receiver.url,
      response_status: 202,
      latency_ms: expect.any(Number),
    });
    const sent = platform.receiver.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body.type).toBe('TEST');
    expect(verifySignature(sent[0].rawBody, sent[0].headers['x-grid-signature'], platform.publicKeyPem)).toBe(
      true,
    );
    const { rows } = await database.query(
      `SELECT d.status, d.type, d.body, d.attempt_count, a.attempt, a.url, a.response_status, a.response_body, a.duration_ms
       FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id WHERE d.id = $1`,
      [sent[0].body.webhookId.slice('Webhook:'.length)],
    );
    expect(rows).toEqual([
      {
        status: 'DELIVERED',
        type: 'TEST',
        body: expect.any(String),
        attempt_count: 1,
        attempt: 1,
        url: platform.receiver.url,
        response_status: 202,
        response_body: '{"seen":true}',
        duration_ms: expect.any(Number),
      },
    ]);
    platform.receiver.respondWith(() => ({ status: 200 }));
  });

  it('returns an endpoint error answer with 200, its status but never its body (no reading of URLs through it)', async () => {
    platform.receiver.respondWith(() => ({ status: 500, body: 'secret inside the network' }));

    const response = await platform.sandbox.post('/webhooks/test');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      url: platform.receiver.url,
      response_status: 500,
      latency_ms: expect.any(Number),
    });
    expect(JSON.stringify(response.body)).not.toContain('secret');
    platform.receiver.respondWith(() => ({ status: 200 }));
  });

  it('needs the MANAGE permission', async () => {
    const { body } = await platform.sandbox.post('/tokens', {
      name: 'transactor',
      permissions: ['VIEW', 'TRANSACT'],
    });
    const transactor = api.withCredentials({ clientId: body.clientId, clientSecret: body.clientSecret });
    const before = platform.receiver.requests.length;

    expect((await transactor.post('/webhooks/test')).body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(platform.receiver.requests).toHaveLength(before);
  });

  it('answers 400 WEBHOOK_ENDPOINT_NOT_SET when the environment has no endpoint', async () => {
    const response = await platform.production.post('/webhooks/test');

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, code: 'WEBHOOK_ENDPOINT_NOT_SET' });
  });

  it('answers 400 WEBHOOK_DELIVERY_ERROR with the kind of failure only when the endpoint cannot be reached, and records it', async () => {
    const { sandbox } = newPlatformClients(api);
    const closed = new WebhookReceiver();
    const closedUrl = await closed.start();
    await closed.stop();
    expect((await sandbox.patch('/config', { webhookEndpoint: closedUrl })).status).toBe(200);

    // At once: the endpoint reaches the dispatcher as an event, and the test waits for it.
    const response = await sandbox.post('/webhooks/test');

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'WEBHOOK_DELIVERY_ERROR',
      details: { url: closedUrl, failure: 'CONNECTION_FAILED' },
    });
    expect(response.body.message).toMatch(/CONNECTION_FAILED/);
    expect(response.body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    const { rows } = await database.query(
      `SELECT d.status, d.last_error, a.response_status, a.error FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id
       WHERE a.url = $1 AND d.attempt_count = 1 AND d.status = 'FAILED' AND d.last_error LIKE 'gave up after 1 %'`,
      [closedUrl],
    );
    expect(rows).toContainEqual({
      status: 'FAILED',
      last_error: expect.stringMatching(/^gave up after 1 attempt\(s\): CONNECTION_FAILED: /),
      response_status: null,
      error: expect.stringMatching(/^CONNECTION_FAILED: /),
    });
  });
});
