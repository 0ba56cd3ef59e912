import { ApiException } from '@payments/http';
import Fastify, { FastifyInstance } from 'fastify';
import { AddressInfo, connect } from 'node:net';
import { AuditTrail } from '@gateway/audit/audit-trail';
import { authenticationHook } from '@gateway/auth/auth.guard';

import { TokenAuthenticator } from '@gateway/auth/token-authenticator';
import { RequestLimits } from '@gateway/rate-limit/request-limits';
import { originForm, registerRequestTargetGuard } from '@gateway/routing/request-target';

/** Sends a request line as written, over a raw socket: no client library normalises the target. */
function rawRequest(port: number, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: gateway.test\r\nConnection: close\r\n\r\n`),
    );
    let response = '';
    socket.on('data', (data) => (response += data));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head, body = ''] = response.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

describe('request targets at the gateway', () => {
  let fastify: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    fastify = Fastify();
    fastify.setErrorHandler((error, _request, reply) => {
      const status = error instanceof ApiException ? error.status : 500;
      void reply.status(status).send({ status, code: (error as ApiException).code });
    });
    registerRequestTargetGuard(fastify);
    // The gateway's own authentication hook, with an authenticator that knows no credentials.
    const authenticator = {
      authenticate: async () => {
        throw new ApiException('UNAUTHORIZED', 'Invalid client id or secret');
      },
    } as unknown as TokenAuthenticator;
    const limits = { authenticationBudget: () => undefined } as unknown as RequestLimits;
    // No credentials pass, so nothing is ever audited.
    const audit = {} as AuditTrail;
    fastify.addHook('preHandler', authenticationHook(authenticator, limits, audit));
    fastify.get('/2025-10-13/*', async (request) => ({ served: request.url, host: request.headers.host }));
    fastify.get('/kyc/:token', async (request) => ({ served: request.url, host: request.headers.host }));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    port = (fastify.server.address() as AddressInfo).port;
  });

  afterAll(() => fastify.close());

  it.each([
    ['an origin-form target', '/2025-10-13/customers'],
    ['an absolute-form target', 'http://gateway.test/2025-10-13/customers'],
    ['an absolute-form target naming another host', 'http://internal-admin:8080/2025-10-13/tokens'],
    ['an https absolute-form target in capitals', 'HTTPS://gateway.test/2025-10-13/customers?limit=1'],
  ])('authenticates %s like any other: 401 without credentials', async (_case, target) => {
    const response = await rawRequest(port, target);

    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('routes an absolute-form public path as its origin form, the authority becoming the host', async () => {
    const response = await rawRequest(port, 'http://uma.example/kyc/abc?x=1');

    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ served: '/kyc/abc?x=1', host: 'uma.example' });
  });

  it.each([
    ['a dot segment', '/kyc/../2025-10-13/tokens'],
    ['an encoded dot segment', '/kyc/%2e%2e/2025-10-13/tokens'],
    ['a mixed encoded dot segment', '/2025-10-13/customers/.%2E/tokens'],
    ['an encoded slash', '/2025-10-13/customers%2F..%2Ftokens'],
    ['an encoded backslash', '/2025-10-13/customers%5ctokens'],
    ['a double slash', '//2025-10-13/tokens'],
    ['an absolute-form dot segment', 'http://gateway.test/kyc/../2025-10-13/tokens'],
    ['an asterisk', '*'],
  ])('refuses %s with 400 before any route runs', async (_case, target) => {
    const response = await rawRequest(port, target);

    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('originForm', () => {
  it('keeps ordinary targets and dots inside a segment as they are', () => {
    expect(originForm('/2025-10-13/receiver/uma/$bob.smith@vasp.example?x=a%2Fb')).toEqual({
      target: '/2025-10-13/receiver/uma/$bob.smith@vasp.example?x=a%2Fb',
    });
    expect(originForm('http://h.example')).toEqual({ target: '/', authority: 'h.example' });
  });
});
