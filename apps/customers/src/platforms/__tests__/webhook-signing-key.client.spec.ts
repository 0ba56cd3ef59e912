import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiException, CallerAssertions } from '@payments/http';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { WebhookSigningKeyClient } from '@customers/platforms/webhook-signing-key.client';

const SECRET = 'the deployment secret, 32 bytes or more';
/** The stand-in dispatcher checks assertions as the real one does (installInternalAuth). */
const dispatcher = new CallerAssertions('webhook-dispatcher', SECRET);
const PEM = '-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----\n';

describe('WebhookSigningKeyClient', () => {
  let server: Server;
  let requests: number;
  let answer: { status: number; body: unknown };

  beforeAll(async () => {
    // The failures below are expected; their warnings would only clutter the test output.
    Logger.overrideLogger(false);
    server = createServer((request, response) => {
      requests++;
      const check = dispatcher.verify(request.headers['x-caller-assertion'], {
        method: 'GET',
        pathAndQuery: request.url!,
      });
      const { status, body } =
        'refused' in check
          ? { status: 401, body: {} }
          : request.url === '/internal/signing-key'
            ? answer
            : { status: 404, body: {} };
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  beforeEach(() => {
    requests = 0;
    answer = { status: 200, body: { publicKeyPem: PEM } };
  });

  function client(
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
  ): WebhookSigningKeyClient {
    return new WebhookSigningKeyClient(
      new ConfigService({ WEBHOOK_DISPATCHER_URL: url }),
      new CallerAssertions('customers', SECRET),
    );
  }

  it('fetches the key once, even for concurrent first calls', async () => {
    const signingKey = client();

    await expect(Promise.all([signingKey.publicKeyPem(), signingKey.publicKeyPem()])).resolves.toEqual([
      PEM,
      PEM,
    ]);
    await expect(signingKey.publicKeyPem()).resolves.toBe(PEM);
    expect(requests).toBe(1);
  });

  it('answers 503 while the dispatcher fails, and fetches again on the next call', async () => {
    const signingKey = client();
    answer = { status: 500, body: {} };

    const failure = await signingKey.publicKeyPem().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiException);
    expect((failure as ApiException).status).toBe(503);
    expect((failure as ApiException).code).toBe('SERVICE_UNAVAILABLE');

    answer = { status: 200, body: { publicKeyPem: PEM } };
    await expect(signingKey.publicKeyPem()).resolves.toBe(PEM);
    expect(requests).toBe(2);
  });

  it('answers 503 for an answer without a key and for an unreachable dispatcher', async () => {
    answer = { status: 200, body: { publicKeyPem: 42 } };
    await expect(client().publicKeyPem()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(client('http://127.0.0.1:1').publicKeyPem()).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
