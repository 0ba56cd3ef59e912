import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { ApiException, CallerAssertions } from '@payments/http';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { WebhookSigningKeyClient } from '@customers/platforms/webhook-signing-key.client';

const SECRET = 'the deployment secret, 32 bytes or more';
/** The stand-in dispatcher checks assertions as the real one does (installInternalAuth). */
const dispatcher = new CallerAssertions('webhook-dispatcher', SECRET);
const pemOf = (name: string) => `-----BEGIN PUBLIC KEY-----\n${name}\n-----END PUBLIC KEY-----\n`;
const PLATFORM_A = '11111111-1111-4111-8111-111111111111';
const PLATFORM_B = '22222222-2222-4222-8222-222222222222';
const sandboxOf = (platformId: string) => ({ platformId, environment: Environment.Sandbox });

describe('WebhookSigningKeyClient', () => {
  let server: Server;
  let requests: string[];
  let failure: { status: number; body: unknown } | undefined;

  beforeAll(async () => {
    // The failures below are expected; their warnings would only clutter the test output.
    Logger.overrideLogger(false);
    // A dispatcher whose key for each scope names the scope.
    server = createServer((request, response) => {
      requests.push(request.url!);
      const check = dispatcher.verify(request.headers['x-caller-assertion'], {
        method: 'GET',
        pathAndQuery: request.url!,
      });
      if ('refused' in check) return void response.writeHead(401).end('{}');
      const [, platformId, environment] =
        /^\/internal\/signing-keys\/([^/]+)\/([A-Z]+)$/.exec(request.url!) ?? [];
      const { status, body } =
        failure ??
        (platformId
          ? { status: 200, body: { webhookPublicKey: pemOf(`${platformId}/${environment}`) } }
          : { status: 404, body: {} });
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  beforeEach(() => {
    requests = [];
    failure = undefined;
  });

  function client(
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
  ): WebhookSigningKeyClient {
    return new WebhookSigningKeyClient(
      new ConfigService({ WEBHOOK_DISPATCHER_URL: url }),
      new CallerAssertions('customers', SECRET),
    );
  }

  it("fetches each platform's own key per environment, once even for concurrent first calls", async () => {
    const keys = client();
    const production = { platformId: PLATFORM_A, environment: Environment.Production };

    const [a, again, b, aProduction] = await Promise.all([
      keys.keysOf(sandboxOf(PLATFORM_A)),
      keys.keysOf(sandboxOf(PLATFORM_A)),
      keys.keysOf(sandboxOf(PLATFORM_B)),
      keys.keysOf(production),
    ]);

    expect(a).toEqual({ webhookPublicKey: pemOf(`${PLATFORM_A}/SANDBOX`) });
    expect(again).toBe(a);
    expect(b.webhookPublicKey).toBe(pemOf(`${PLATFORM_B}/SANDBOX`));
    expect(aProduction.webhookPublicKey).toBe(pemOf(`${PLATFORM_A}/PRODUCTION`));
    expect(requests).toHaveLength(3);
  });

  it('passes on the next key and the end of the overlap during a rotation, and nothing else', async () => {
    const overlap = {
      webhookPublicKey: pemOf('old'),
      webhookNextPublicKey: pemOf('new'),
      webhookKeyOverlapEndsAt: '2026-01-02T00:00:00.000Z',
    };
    failure = { status: 200, body: { ...overlap, privateKey: 'never shown' } };

    await expect(client().keysOf(sandboxOf(PLATFORM_A))).resolves.toEqual(overlap);
  });

  it('answers 503 while the dispatcher fails, and fetches again on the next call', async () => {
    const keys = client();
    failure = { status: 500, body: {} };

    const error = await keys.keysOf(sandboxOf(PLATFORM_A)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiException);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });

    failure = undefined;
    await expect(keys.keysOf(sandboxOf(PLATFORM_A))).resolves.toMatchObject({
      webhookPublicKey: expect.any(String),
    });
    expect(requests).toHaveLength(2);
  });

  it('answers 503 for an answer without a key, with a malformed next key, and for an unreachable dispatcher', async () => {
    failure = { status: 200, body: { webhookPublicKey: 42 } };
    await expect(client().keysOf(sandboxOf(PLATFORM_A))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    failure = { status: 200, body: { webhookPublicKey: pemOf('a'), webhookNextPublicKey: 'x' } };
    await expect(client().keysOf(sandboxOf(PLATFORM_A))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    await expect(client('http://127.0.0.1:1').keysOf(sandboxOf(PLATFORM_A))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
