import { ConfigService } from '@nestjs/config';
import { WebhookReceiver } from '@payments/testing';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

describe('WebhookSender (HTTP)', () => {
  const unsigned = { body: '{}', headers: {} };
  const config = new ConfigService<WebhookDispatcherEnvironment, true>({
    ...new WebhookDispatcherEnvironment(),
    WEBHOOK_TIMEOUT_MS: 300,
  });
  const receiver = new WebhookReceiver();
  let sender: WebhookSender;

  beforeAll(async () => {
    sender = new WebhookSender(config);
    await receiver.start();
  });

  afterAll(async () => {
    await sender.onApplicationShutdown();
    await receiver.stop();
  });

  it('POSTs the body as JSON with its signature headers, and reports the answer', async () => {
    receiver.respondWith(() => ({ status: 201, body: { ok: true } }));
    const body = '{"webhookId":"Webhook:1","type":"TEST","timestamp":"2025-10-13T10:00:00.000Z"}';

    const headers = { 'x-grid-signature': 'c2lnbmF0dXJl', 'x-grid-signature-next': 'bmV4dA==' };
    const result = await sender.send(receiver.url, { body, headers });

    expect(result).toEqual({
      url: receiver.url,
      startedAt: expect.any(Date),
      durationMs: expect.any(Number),
      responseStatus: 201,
      responseBody: '{"ok":true}',
    });
    const [request] = receiver.requests.slice(-1);
    expect(request.rawBody).toBe(body);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers).toMatchObject(headers);
  });

  it('keeps the first 4 KiB of a long answer as it came (the store makes it storable)', async () => {
    receiver.respondWith(() => ({ status: 500, body: `\u0000${'x'.repeat(100_000)}` }));

    const result = await sender.send(receiver.url, unsigned);

    expect(result.responseStatus).toBe(500);
    expect(result.responseBody).toBe(`\u0000${'x'.repeat(4095)}`);
  });

  it('reports an endpoint that answers too late as a timeout', async () => {
    receiver.respondWith(() => ({ status: 200, delayMs: 1_000 }));

    const result = await sender.send(receiver.url, unsigned);

    expect(result).toMatchObject({ error: 'no answer within 300 ms' });
    expect(result.responseStatus).toBeUndefined();
  });

  it('reports an endpoint it cannot reach, without throwing', async () => {
    const closed = new WebhookReceiver();
    const url = await closed.start();
    await closed.stop();

    expect(await sender.send(url, unsigned)).toMatchObject({ error: expect.stringMatching(/ECONNREFUSED/) });
    expect(await sender.send('not a url', unsigned)).toMatchObject({ error: expect.any(String) });
  });
});
