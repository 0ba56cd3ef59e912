import { ApiClient, bootstrapPlatform, BootstrappedPlatform, e2eStack } from '@payments/testing';

describe('authentication and API tokens', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let platform: BootstrappedPlatform;
  let sandbox: ApiClient;
  let production: ApiClient;

  beforeAll(() => {
    platform = bootstrapPlatform();
    sandbox = api.withCredentials(platform.sandbox);
    production = api.withCredentials(platform.production);
  });

  it('refuses missing, malformed and wrong credentials with 401', async () => {
    expect((await api.get('/tokens')).body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((await api.get('/tokens', { headers: { authorization: 'Bearer abc' } })).status).toBe(401);
    expect(
      (await api.withCredentials({ ...platform.sandbox, clientSecret: 'wrong' }).get('/tokens')).status,
    ).toBe(401);
    expect(
      (await api.withCredentials({ clientId: 'unknown', clientSecret: 'x' }).get('/tokens')).status,
    ).toBe(401);
  });

  it('creates a token whose secret is shown once and which then authenticates', async () => {
    const created = await sandbox.post('/tokens', { name: 'reporting', permissions: ['VIEW'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'reporting', permissions: ['VIEW'], environment: 'SANDBOX' });
    expect(created.body.id).toMatch(/^Token:[0-9a-f-]{36}$/);
    const reader = api.withCredentials({
      clientId: created.body.clientId,
      clientSecret: created.body.clientSecret,
    });

    const fetched = await reader.get(`/tokens/${created.body.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.clientSecret).toBeUndefined();
  });

  it('enforces permissions: a VIEW token reads but cannot manage', async () => {
    const { body } = await sandbox.post('/tokens', { name: 'viewer', permissions: ['VIEW'] });
    const viewer = api.withCredentials({ clientId: body.clientId, clientSecret: body.clientSecret });
    expect((await viewer.get('/tokens')).status).toBe(200);
    const refused = await viewer.post('/tokens', { name: 'escalate', permissions: ['MANAGE'] });
    expect(refused.body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('refuses a VIEW token a KYC link and a UMA receiver lookup, which act rather than read', async () => {
    const { body } = await sandbox.post('/tokens', { name: 'viewer', permissions: ['VIEW'] });
    const viewer = api.withCredentials({ clientId: body.clientId, clientSecret: body.clientSecret });

    const kycLink = await viewer.get('/customers/kyc-link?platformCustomerId=squat');
    const umaLookup = await viewer.get('/receiver/uma/$bob@127.0.0.1');

    expect(kycLink.body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(umaLookup.body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('refuses a MANAGE-only token minting a TRANSACT token: a token grants only what it holds', async () => {
    const { body } = await sandbox.post('/tokens', { name: 'manager', permissions: ['MANAGE'] });
    const manager = api.withCredentials({ clientId: body.clientId, clientSecret: body.clientSecret });

    const escalated = await manager.post('/tokens', { name: 'escalate', permissions: ['TRANSACT'] });

    expect(escalated.body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await manager.post('/tokens', { name: 'peer', permissions: ['MANAGE'] })).status).toBe(201);
  });

  it('refuses a deleted token at once and hides it afterwards', async () => {
    const { body } = await sandbox.post('/tokens', { name: 'short-lived', permissions: ['VIEW'] });
    const shortLived = api.withCredentials({ clientId: body.clientId, clientSecret: body.clientSecret });
    expect((await shortLived.get('/tokens')).status).toBe(200);

    expect((await sandbox.delete(`/tokens/${body.id}`)).status).toBe(204);
    expect((await shortLived.get('/tokens')).status).toBe(401);
    expect((await sandbox.get(`/tokens/${body.id}`)).body.code).toBe('TOKEN_NOT_FOUND');
    expect((await sandbox.delete(`/tokens/${body.id}`)).status).toBe(404);
  });

  it('lists tokens with filters and cursor pagination', async () => {
    const name = `paged-${Date.now()}`;
    for (let index = 0; index < 3; index++) await sandbox.post('/tokens', { name, permissions: ['VIEW'] });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await sandbox.get(`/tokens?name=${name}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.totalCount).toBe(3);
      seen.push(...page.body.data.map((token: { id: string }) => token.id));
      cursor = page.body.hasMore ? page.body.nextCursor : undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(3);

    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await sandbox.get(`/tokens?name=${name}&createdAfter=${future}`)).body.totalCount).toBe(0);
  });

  it("finds a token by its clientId within the caller's platform and environment only", async () => {
    const { body } = await sandbox.post('/tokens', { name: 'by-client-id', permissions: ['VIEW'] });
    const found = await sandbox.get(`/tokens?clientId=${body.clientId}`);
    expect(found.body).toMatchObject({ totalCount: 1, data: [{ id: body.id, clientId: body.clientId }] });
    expect((await production.get(`/tokens?clientId=${body.clientId}`)).body.totalCount).toBe(0);
    const other = api.withCredentials(bootstrapPlatform().sandbox);
    expect((await other.get(`/tokens?clientId=${body.clientId}`)).body.totalCount).toBe(0);
  });

  it('keeps environments and platforms apart', async () => {
    const { body } = await sandbox.post('/tokens', { name: 'sandbox-only', permissions: ['VIEW'] });
    expect((await production.get(`/tokens/${body.id}`)).status).toBe(404);
    const productionList = await production.get('/tokens');
    expect(
      productionList.body.data.every((token: { environment: string }) => token.environment === 'PRODUCTION'),
    ).toBe(true);

    const other = api.withCredentials(bootstrapPlatform().sandbox);
    expect((await other.get(`/tokens/${body.id}`)).body).toMatchObject({
      status: 404,
      code: 'TOKEN_NOT_FOUND',
    });
  });

  it('refuses production credentials on sandbox endpoints with 403', async () => {
    const response = await production.post('/sandbox/internal-accounts/InternalAccount:x/fund', {
      amount: 100,
    });
    expect(response.body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});
