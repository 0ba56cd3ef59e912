import { Environment } from '@payments/contracts';
import { CallerAssertions, InternalApp } from '@payments/http';
import { ApiClient, e2eStack, newPlatformClients } from '@payments/testing';
import { randomUUID } from 'node:crypto';

/** One real route of each internal app, and a body it would take: what an attacker inside the cluster calls. */
const TARGETS: { app: InternalApp; method: 'GET' | 'POST'; path: string; body?: object }[] = [
  { app: 'customers', method: 'GET', path: `/internal/external-accounts/ExternalAccount:${randomUUID()}` },
  { app: 'quoting', method: 'POST', path: '/internal/transfer-fees/batch', body: { requests: [] } },
  { app: 'transfers', method: 'POST', path: '/internal/quote-transfers', body: {} },
  { app: 'ledger', method: 'POST', path: '/internal/postings/batch', body: { postings: [] } },
  { app: 'bulk-import-worker', method: 'GET', path: `/customers/bulk/jobs/Job:${randomUUID()}` },
  { app: 'webhook-dispatcher', method: 'GET', path: `/internal/signing-keys/${randomUUID()}/SANDBOX` },
];

/**
 * Point 4 of the security review (docs/architecture.md, "Calls inside the cluster"): a pod that
 * reaches an app directly gets 401 unless it holds an assertion the gateway (or an app the call map
 * allows) signed for that very request; the gateway's own calls keep working (every other e2e spec).
 */
describe('calls to an internal app without the gateway', () => {
  const stack = e2eStack();
  const secret = stack.environment.INTERNAL_AUTH_SECRET;
  const gateway = new CallerAssertions('gateway', secret);
  let identity: { platformId: string; environment: Environment };

  beforeAll(() => {
    const { platformId } = newPlatformClients(new ApiClient(`${stack.gatewayUrl}/2025-10-13`));
    identity = { platformId, environment: Environment.Sandbox };
  });

  /** Sends the target's request with the identity headers and `assertion`, and answers the status. */
  async function statusOf(
    target: (typeof TARGETS)[number],
    assertion?: string,
    headers: Record<string, string> = {},
  ) {
    const response = await new ApiClient(stack.appUrls[target.app]).request(
      target.method,
      target.path,
      target.body,
      {
        headers: {
          'x-platform-id': identity.platformId,
          'x-environment': identity.environment,
          ...(assertion ? { 'x-caller-assertion': assertion } : {}),
          ...headers,
        },
      },
    );
    return { status: response.status, body: response.body };
  }

  const signedBy = (issuer: CallerAssertions, target: (typeof TARGETS)[number], changes: object = {}) =>
    issuer.sign(target.app, { method: target.method, pathAndQuery: target.path, ...identity, ...changes });

  describe.each(TARGETS)('$app', (target) => {
    it('answers a call signed by the gateway for this request (the control: not 401)', async () => {
      expect((await statusOf(target, signedBy(gateway, target))).status).not.toBe(401);
    });

    it('refuses a call with identity headers and no assertion, in the error envelope', async () => {
      const { status, body } = await statusOf(target);
      expect(status).toBe(401);
      expect(body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    });

    it.each([
      [
        'forged with another secret',
        () => signedBy(new CallerAssertions('gateway', `${secret}-guess`), target),
      ],
      ['expired', () => signedBy(new CallerAssertions('gateway', secret, () => Date.now() - 31_000), target)],
      [
        'made for another app',
        () =>
          gateway.sign(target.app === 'ledger' ? 'customers' : 'ledger', {
            method: target.method,
            pathAndQuery: target.path,
            ...identity,
          }),
      ],
      [
        'replayed on another path',
        () => signedBy(gateway, target, { pathAndQuery: `${target.path}?replayed=1` }),
      ],
      [
        'replayed with another method',
        () => signedBy(gateway, target, { method: target.method === 'GET' ? 'POST' : 'GET' }),
      ],
      [
        'signed by an app the call map does not let call it',
        () => signedBy(new CallerAssertions('webhook-dispatcher', secret), target),
      ],
    ])('refuses an assertion %s', async (_case, assertion) => {
      expect((await statusOf(target, assertion())).status).toBe(401);
    });

    it('refuses identity headers that differ from the assertion (another platform)', async () => {
      const assertion = signedBy(gateway, target);
      expect(
        (await statusOf(target, assertion, { 'x-platform-id': `Platform:${randomUUID()}` })).status,
      ).toBe(401);
    });
  });

  it('counts the refusals by reason on each app’s /metrics', async () => {
    for (const { app } of TARGETS) {
      const metrics = await (await fetch(`${stack.appUrls[app]}/metrics`)).text();
      expect(metrics).toMatch(/internal_auth_refusals_total\{reason="missing"[^}]*\} [1-9]/);
    }
  });
});
