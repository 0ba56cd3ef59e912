import { ApiClient, AppReplica, bootstrapPlatform, Credentials } from '@payments/testing';
import { randomUUID } from 'node:crypto';

const PER_TOKEN = 10;
const AUTH_FAILURES = 5;
const PUBLIC = 6;

describe('Rate limits shared by gateway replicas', () => {
  const replicas: AppReplica[] = [];
  let clients: (credentials: Credentials) => ApiClient[];

  beforeAll(async () => {
    // Small budgets and a namespace of their own, so the stack's other tests neither spend nor see them.
    const limits = {
      RATE_LIMIT_PER_TOKEN: String(PER_TOKEN),
      RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: String(AUTH_FAILURES),
      RATE_LIMIT_PUBLIC_PER_ADDRESS: String(PUBLIC),
      RATE_LIMIT_WINDOW_MS: '60000',
      RATE_LIMIT_REDIS_PREFIX: `rate-limit-test-${randomUUID()}:`,
    };
    replicas.push(await AppReplica.start('gateway', 'GATEWAY_PORT', 1, limits));
    replicas.push(await AppReplica.start('gateway', 'GATEWAY_PORT', 2, limits));
    clients = (credentials) =>
      replicas.map((replica) => new ApiClient(`${replica.url}/2025-10-13`, credentials));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
  });

  it(`answers a token's first ${PER_TOKEN} requests across both replicas, then 429 with Retry-After; other tokens go on`, async () => {
    const { sandbox, production } = bootstrapPlatform();
    const [first, second] = clients(sandbox);
    const statuses: number[] = [];
    for (let request = 0; request < PER_TOKEN; request++) {
      statuses.push((await (request % 2 === 0 ? first : second).get('/config')).status);
    }
    expect(statuses).toEqual(Array(PER_TOKEN).fill(200));

    for (const client of [first, second]) {
      const refused = await client.get('/config');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(refused.body.requestId).toBe(refused.headers.get('x-request-id'));
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect((await clients(production)[1].get('/config')).status).toBe(200);

    const metrics = await fetch(`${replicas[0].url}/metrics`).then((response) => response.text());
    expect(metrics).toMatch(/gateway_rate_limited_requests_total\{limit="token"[^}]*\} 1\b/);
  });

  it(`checks only ${AUTH_FAILURES} of a concurrent burst of wrong secrets across both replicas, then refuses the address`, async () => {
    const { sandbox } = bootstrapPlatform();
    const [first, second] = clients({ clientId: sandbox.clientId, clientSecret: 'wrong-secret' });
    // A concurrent burst, as an attacker sends it: only the budget's worth of secrets is checked.
    const statuses = await Promise.all(
      Array.from({ length: AUTH_FAILURES * 3 }, (_, attempt) =>
        (attempt % 2 === 0 ? first : second).get('/config').then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(AUTH_FAILURES * 2);

    const refused = await first.get('/config');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The right secret, not yet verified on this replica, waits for the window like any other try.
    expect((await clients(sandbox)[1].get('/config')).status).toBe(429);
  });

  it(`answers an address's first ${PUBLIC} requests to the endpoints without credentials, then 429`, async () => {
    const statuses: number[] = [];
    for (let request = 0; request < PUBLIC; request++) {
      const replica = replicas[request % 2];
      const path = request % 3 === 0 ? '/kyc/no-such-token' : '/.well-known/uma-configuration';
      statuses.push((await fetch(`${replica.url}${path}`)).status);
    }
    expect(statuses).not.toContain(429);

    for (const path of ['/.well-known/lnurlpubkey', '/kyc/no-such-token']) {
      const refused = await fetch(`${replicas[1].url}${path}`);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const metrics = await fetch(`${replicas[1].url}/metrics`).then((response) => response.text());
    expect(metrics).toMatch(/gateway_rate_limited_requests_total\{limit="public"[^}]*\} 2\b/);
  });
});
