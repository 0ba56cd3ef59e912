import { verifySignature, WebhookReceiver } from '@payments/testing';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { senderWith } from '@webhooks/deliveries/__tests__/webhook-sender-kit';
import { SignedAttempt } from '@webhooks/signing/webhook-signer';

describe('WebhookSender (HTTP)', () => {
  const receiver = new WebhookReceiver();
  let sender: WebhookSender;
  let publicKeyPem: string;
  let signed: (body: string) => SignedAttempt;

  beforeAll(async () => {
    // The receiver listens on loopback, which only EGRESS_ALLOW_PRIVATE_NETWORKS opens.
    ({ sender, publicKeyPem, signed } = senderWith({
      WEBHOOK_TIMEOUT_MS: 300,
      EGRESS_ALLOW_PRIVATE_NETWORKS: 'true',
    }));
    await receiver.start();
  });

  afterAll(async () => {
    await sender.onApplicationShutdown();
    await receiver.stop();
  });

  it('POSTs the body as JSON, signed, and reports the answer', async () => {
    receiver.respondWith(() => ({ status: 201, body: { ok: true } }));
    const body = '{"webhookId":"Webhook:1","type":"TEST","timestamp":"2025-10-13T10:00:00.000Z"}';

    const result = await sender.send(receiver.url, signed(body));

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
    expect(verifySignature(request.rawBody, request.headers['x-grid-signature'], publicKeyPem)).toBe(true);
  });

  it('keeps the first 4 KiB of a long answer as it came (the store makes it storable)', async () => {
    receiver.respondWith(() => ({ status: 500, body: `\u0000${'x'.repeat(100_000)}` }));

    const result = await sender.send(receiver.url, signed('{}'));

    expect(result.responseStatus).toBe(500);
    expect(result.responseBody).toBe(`\u0000${'x'.repeat(4095)}`);
  });

  it('reports an endpoint that answers too late as a timeout', async () => {
    receiver.respondWith(() => ({ status: 200, delayMs: 1_000 }));

    const result = await sender.send(receiver.url, signed('{}'));

    expect(result).toMatchObject({ error: 'TIMEOUT: no answer within 300 ms', failure: 'TIMEOUT' });
    expect(result.responseStatus).toBeUndefined();
  });

  it('reports an endpoint it cannot reach as its kind, without the error text that names the address', async () => {
    const closed = new WebhookReceiver();
    const url = await closed.start();
    await closed.stop();

    const result = await sender.send(url, signed('{}'));

    expect(result).toMatchObject({ failure: 'CONNECTION_FAILED' });
    expect(result.error).toMatch(/^CONNECTION_FAILED: /);
    expect(result.error).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|:\d+/);
    expect(await sender.send('not a url', signed('{}'))).toMatchObject({ failure: 'CONNECTION_FAILED' });
  });

  it('reports a TLS handshake with a plain HTTP server as TLS_FAILED', async () => {
    const result = await sender.send(receiver.url.replace('http:', 'https:'), signed('{}'));

    expect(result).toMatchObject({ failure: 'TLS_FAILED', error: expect.stringMatching(/^TLS_FAILED: /) });
  });

  it('refuses the cloud metadata address although private networks are allowed, without connecting', async () => {
    const result = await sender.send(
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      signed('{}'),
    );

    expect(result).toMatchObject({
      failure: 'EGRESS_REFUSED',
      error: expect.stringMatching(/^EGRESS_REFUSED: /),
    });
    expect(result.error).not.toMatch(/169\.254/);
    expect(result.durationMs).toBeLessThan(100);
  });
});
