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

const SIGNATURE = 'x-grid-signature';
const NEXT_SIGNATURE = 'x-grid-signature-next';
/** Each probe sends a webhook: a few a second while a dispatcher replica's cached keys age out (10 s). */
const POLL_SLOWLY = { timeoutMs: 20_000, intervalMs: 500 };

describe('webhook signing keys per platform and environment (security)', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let a: PlatformWithEndpoint;
  let b: PlatformWithEndpoint;

  beforeAll(async () => {
    [a, b] = await Promise.all([platformWithEndpoint(api), platformWithEndpoint(api)]);
  });

  afterAll(async () => {
    await Promise.all([a?.receiver.stop(), b?.receiver.stop()]);
  });

  /** Sends a TEST webhook to `platform`'s sandbox endpoint now and returns it as received. */
  async function testWebhookOf(platform: PlatformWithEndpoint): Promise<ReceivedWebhook> {
    const before = platform.receiver.requests.length;
    expect((await platform.sandbox.post('/webhooks/test')).status).toBe(200);
    return platform.receiver.requests[before];
  }

  it("attack: A's sandbox webhook replayed to B, or to A's production, does not verify with their keys", async () => {
    const webhook = await testWebhookOf(a);
    const aProductionKey = (await a.production.get('/config')).body.webhookPublicKey;

    expect(verifySignature(webhook.rawBody, webhook.headers[SIGNATURE], a.publicKeyPem)).toBe(true);
    expect(verifySignature(webhook.rawBody, webhook.headers[SIGNATURE], b.publicKeyPem)).toBe(false);
    expect(verifySignature(webhook.rawBody, webhook.headers[SIGNATURE], aProductionKey)).toBe(false);
    expect(new Set([a.publicKeyPem, b.publicKeyPem, aProductionKey]).size).toBe(3);
    expect(webhook.body).toMatchObject({
      platformId: `Platform:${a.platformId.replace(/^Platform:/, '')}`,
      environment: 'SANDBOX',
    });
  });

  it('attack: a retried attempt carries a newer sentAt and a fresh valid signature', async () => {
    const platform = newPlatformClients(api);
    const receiver = new WebhookReceiver();
    await receiver.start();
    // The first attempt fails, so the dispatcher sends the endpoint's TEST webhook again.
    receiver.respondWith((_request, index) => ({ status: index === 0 ? 500 : 200 }));
    try {
      const config = await platform.sandbox.patch('/config', { webhookEndpoint: receiver.url });
      const [first, retry] = await eventually(async () =>
        receiver.requests.length >= 2 ? receiver.requests.slice(0, 2) : undefined,
      );

      expect(retry.body.webhookId).toBe(first.body.webhookId);
      expect(Date.parse(retry.body.sentAt)).toBeGreaterThan(Date.parse(first.body.sentAt));
      expect(retry.headers[SIGNATURE]).not.toBe(first.headers[SIGNATURE]);
      expect(verifySignature(retry.rawBody, retry.headers[SIGNATURE], config.body.webhookPublicKey)).toBe(
        true,
      );
      expect(verifySignature(retry.rawBody, first.headers[SIGNATURE], config.body.webhookPublicKey)).toBe(
        false,
      );
    } finally {
      await receiver.stop();
    }
  });

  it('rotation needs MANAGE and refuses a malformed body with 400', async () => {
    const { body } = await a.sandbox.post('/tokens', {
      name: 'transactor',
      permissions: ['VIEW', 'TRANSACT'],
    });
    const transactor = api.withCredentials({ clientId: body.clientId, clientSecret: body.clientSecret });

    expect((await transactor.post('/webhooks/signing-key/rotate', {})).body).toMatchObject({ status: 403 });
    expect((await a.sandbox.post('/webhooks/signing-key/rotate', { immediate: 'yes' })).body).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
    });
  });

  it('after a rotation both keys are published and sign; an immediate rotation leaves the new key alone', async () => {
    const rotation = await a.sandbox.post('/webhooks/signing-key/rotate', {});

    expect(rotation.status).toBe(200);
    expect(rotation.body).toEqual({
      webhookPublicKey: a.publicKeyPem,
      webhookNextPublicKey: expect.stringContaining('PUBLIC KEY'),
      webhookKeyOverlapEndsAt: expect.any(String),
    });
    const nextKey: string = rotation.body.webhookNextPublicKey;
    expect((await a.sandbox.post('/webhooks/signing-key/rotate', {})).body).toMatchObject({ status: 409 });
    // GET /config follows within its cache's life.
    await eventually(async () =>
      (await a.sandbox.get('/config')).body.webhookNextPublicKey === nextKey ? true : undefined,
    );
    const during = await eventually(async () => {
      const webhook = await testWebhookOf(a);
      return webhook.headers[NEXT_SIGNATURE] ? webhook : undefined;
    }, POLL_SLOWLY);
    expect(verifySignature(during.rawBody, during.headers[SIGNATURE], a.publicKeyPem)).toBe(true);
    expect(verifySignature(during.rawBody, during.headers[NEXT_SIGNATURE] as string, nextKey)).toBe(true);

    const immediate = await a.sandbox.post('/webhooks/signing-key/rotate', { immediate: true });
    expect(immediate.status).toBe(200);
    const freshKey: string = immediate.body.webhookPublicKey;
    expect(immediate.body.webhookNextPublicKey).toBeUndefined();
    expect([a.publicKeyPem, nextKey]).not.toContain(freshKey);
    const after = await eventually(async () => {
      const webhook = await testWebhookOf(a);
      return verifySignature(webhook.rawBody, webhook.headers[SIGNATURE], freshKey) ? webhook : undefined;
    }, POLL_SLOWLY);
    expect(after.headers[NEXT_SIGNATURE]).toBeUndefined();
    for (const retired of [a.publicKeyPem, nextKey])
      expect(verifySignature(after.rawBody, after.headers[SIGNATURE], retired)).toBe(false);
    // B's key is untouched by A's rotations.
    expect((await b.sandbox.get('/config')).body.webhookPublicKey).toBe(b.publicKeyPem);
  });
});
