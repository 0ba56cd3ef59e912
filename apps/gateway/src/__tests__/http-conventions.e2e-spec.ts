import { ApiClient, bootstrapPlatform, e2eStack, eventually } from '@payments/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('HTTP conventions at the edge', () => {
  const stack = e2eStack();
  let sandbox: ApiClient;

  beforeAll(() => {
    sandbox = new ApiClient(`${stack.gatewayUrl}/2025-10-13`).withCredentials(bootstrapPlatform().sandbox);
  });

  it.each([
    ['an unknown route', () => sandbox.get('/no-such-thing'), 404, 'NOT_FOUND'],
    [
      'malformed JSON',
      () => sandbox.post('/tokens', undefined, { rawBody: '{"name":' }),
      400,
      'INVALID_INPUT',
    ],
    [
      'a wrong content type',
      () =>
        sandbox.post('/tokens', undefined, {
          rawBody: '<token/>',
          headers: { 'content-type': 'application/xml' },
        }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    // Sent whole by fetch, which writes the body before it reads: the gateway reads and drops the
    // rest of a refused body so that the client gets the answer, not a reset.
    [
      'an oversized body',
      () => sandbox.post('/tokens', { name: 'x'.repeat(2 * 1024 * 1024), permissions: ['VIEW'] }),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'an unknown field',
      () => sandbox.post('/tokens', { name: 'a', permissions: ['VIEW'], admin: true }),
      400,
      'INVALID_INPUT',
    ],
    [
      'a bad enum value',
      () => sandbox.post('/tokens', { name: 'a', permissions: ['ROOT'] }),
      400,
      'INVALID_INPUT',
    ],
    ['a bad date', () => sandbox.get('/tokens?createdAfter=yesterday'), 400, 'INVALID_INPUT'],
    ['limit 0', () => sandbox.get('/tokens?limit=0'), 400, 'INVALID_INPUT'],
    ['limit 101', () => sandbox.get('/tokens?limit=101'), 400, 'INVALID_INPUT'],
    ['a malformed cursor', () => sandbox.get('/tokens?cursor=not-a-cursor'), 400, 'INVALID_INPUT'],
  ])('answers %s with the error envelope', async (_case, send, status, code) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ status, code });
    expect(typeof response.body.message).toBe('string');
    expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
  });

  it.each([
    [
      'form encoding, as curl -d sends without a content type',
      '/customers',
      'application/x-www-form-urlencoded',
      'customerType=INDIVIDUAL&platformCustomerId=form-1',
    ],
    [
      'form encoding to a route the gateway serves itself',
      '/tokens',
      'application/x-www-form-urlencoded',
      'name=a',
    ],
    [
      'a multipart form to a route other than the CSV upload',
      '/customers',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="customerType"\r\n\r\nINDIVIDUAL\r\n--b--\r\n',
    ],
  ])(
    'refuses %s with 415 naming application/json, not with what validation made of it',
    async (_case, path, type, rawBody) => {
      const response = await sandbox.post(path, undefined, {
        rawBody,
        headers: { 'content-type': type },
      });
      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `Content-Type must be application/json; got ${type.split(';')[0]}`,
      });
    },
  );

  it('answers an amount of the wrong type with its type and unit, and nothing of its range', async () => {
    const response = await sandbox.post('/quotes', {
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: '100',
    });
    expect(response.status).toBe(400);
    expect(
      response.body.details.errors.filter(
        (error: { field: string }) => error.field === 'lockedCurrencyAmount',
      ),
    ).toEqual([
      {
        field: 'lockedCurrencyAmount',
        message: 'must be a JSON integer of minor units, e.g. 10000 for 100.00 USD; got a string',
      },
    ]);
  });

  it('answers a method the path does not take with 405 and Allow, in the envelope', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/config', 'GET, HEAD, PATCH'],
      ['POST', '/transactions/Transaction:00000000-0000-0000-0000-000000000000', 'GET, HEAD'],
    ]) {
      const response = await sandbox.request(method, path, {});
      expect(response.status).toBe(405);
      expect(response.body).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED' });
      expect(response.headers.get('allow')).toBe(allow);
    }
  });

  it('lists every bad field at once', async () => {
    const response = await sandbox.post('/tokens', { permissions: 'VIEW', extra: 1 });
    const fields = response.body.details.errors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'permissions', 'extra']));
  });

  it('keeps the caller request id', async () => {
    const response = await sandbox.get('/tokens', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-abc-123');
  });

  it('writes a refused request to the access log with its request id', async () => {
    const requestId = `access-log-${Date.now()}`;
    await sandbox.get('/no-such-thing', { headers: { 'x-request-id': requestId } });

    const entry = await eventually(async () =>
      readFileSync(join(stack.logDir, 'gateway.log'), 'utf8')
        .split('\n')
        .find((line) => line.includes(`"requestId":"${requestId}"`)),
    );

    expect(JSON.parse(entry)).toMatchObject({
      msg: 'request completed',
      res: { statusCode: 404 },
      app: 'gateway',
    });
  });

  it('serves the OpenAPI document and its docs page', async () => {
    const document = await new ApiClient(stack.gatewayUrl).get('/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.paths['/2025-10-13/tokens']).toBeDefined();
    expect((await new ApiClient(stack.gatewayUrl).get('/docs')).status).toBe(200);
  });
});

describe('operations endpoints of every app', () => {
  const stack = e2eStack();

  it.each(Object.entries(stack.appUrls))('%s answers /health, /ready and /metrics', async (_app, url) => {
    const client = new ApiClient(url);
    expect((await client.get('/health')).body).toEqual({ status: 'ok' });
    const ready = await client.get('/ready');
    expect(ready.status).toBe(200);
    expect(Object.keys(ready.body.details)).toEqual(expect.arrayContaining(['database', 'redis']));
    // Kafka is shown, never gating: its events wait in the outbox while it is away.
    expect(ready.body.details).not.toHaveProperty('kafka');
    expect(ready.body.reported).toEqual({ kafka: { status: 'up' } });
    const metrics = await client.get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('process_cpu_user_seconds_total');
  });
});
