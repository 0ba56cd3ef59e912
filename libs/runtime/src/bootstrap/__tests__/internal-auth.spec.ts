import { Environment } from '@payments/contracts';
import { CallerAssertions, verifiedCallerOf } from '@payments/http';
import Fastify, { FastifyInstance } from 'fastify';
import { register } from 'prom-client';
import { installInternalAuth } from '../internal-auth';

const SECRET = 'the deployment secret, 32 bytes or more';
const SANDBOX = { platformId: 'Platform:1', environment: Environment.Sandbox };
const gateway = new CallerAssertions('gateway', SECRET);

/** The ledger's hook on a bare Fastify: /internal/caller answers the caller the hook verified. */
async function ledgerApp(): Promise<FastifyInstance> {
  const app = Fastify();
  installInternalAuth(app, new CallerAssertions('ledger', SECRET));
  for (const path of ['/health', '/ready', '/metrics']) app.get(path, async () => ({ status: 'ok' }));
  app.post('/health', async () => ({ status: 'posted' }));
  app.get('/internal/caller', async (request) => verifiedCallerOf(request));
  await app.ready();
  return app;
}

/** The headers the gateway sends for `method` `url`, with `overrides` an attacker changed. */
function signed(method: string, url: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    'x-platform-id': SANDBOX.platformId,
    'x-environment': SANDBOX.environment,
    'x-request-id': 'request-1',
    'x-caller-assertion': gateway.sign('ledger', {
      method,
      pathAndQuery: url,
      ...SANDBOX,
      requestId: 'request-1',
    }),
    ...overrides,
  };
}

async function refusals(reason: string): Promise<number> {
  const metric = await register.getSingleMetric('internal_auth_refusals_total')!.get();
  return metric.values.find((value) => value.labels.reason === reason)?.value ?? 0;
}

describe('installInternalAuth', () => {
  let app: FastifyInstance;

  beforeAll(async () => (app = await ledgerApp()));
  afterAll(() => app.close());

  it('answers the caller the assertion names to a request that carries one', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/internal/caller',
      headers: signed('GET', '/internal/caller'),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...SANDBOX, requestId: 'request-1' });
  });

  it('refuses a request without an assertion, whatever identity headers it carries, and counts it', async () => {
    const before = await refusals('missing');
    const response = await app.inject({
      method: 'GET',
      url: '/internal/caller',
      headers: { 'x-platform-id': SANDBOX.platformId, 'x-environment': SANDBOX.environment },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(await refusals('missing')).toBe(before + 1);
  });

  it.each([
    ['another platform', { 'x-platform-id': 'Platform:2' }],
    ['another environment', { 'x-environment': 'PRODUCTION' }],
    ['another request id', { 'x-request-id': 'request-2' }],
  ])('refuses identity headers naming %s than the assertion', async (_case, overrides) => {
    const before = await refusals('identity_mismatch');
    const response = await app.inject({
      method: 'GET',
      url: '/internal/caller',
      headers: signed('GET', '/internal/caller', overrides),
    });

    expect(response.statusCode).toBe(401);
    expect(await refusals('identity_mismatch')).toBe(before + 1);
  });

  it('refuses an assertion made for another path or query', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/internal/caller?as=other',
      headers: signed('GET', '/internal/caller'),
    });

    expect(response.statusCode).toBe(401);
    expect(await refusals('wrong_path')).toBeGreaterThan(0);
  });

  it('answers the probes and metrics without an assertion, and only with GET', async () => {
    for (const url of ['/health', '/ready', '/metrics', '/metrics?name=x']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'POST', url: '/health' })).statusCode).toBe(401);
  });

  it('refuses an unknown path without an assertion rather than telling it does not exist', async () => {
    expect((await app.inject({ method: 'GET', url: '/health/../internal/caller' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(401);
  });
});
