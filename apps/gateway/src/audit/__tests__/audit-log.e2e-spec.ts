import { ApiClient, e2eStack, fund, newCustomer, newPlatformClients } from '@payments/testing';

/** Ends in 001: the sandbox rail pays it out (money-fixtures usBankAccount). */
const ACCOUNT_NUMBER = `${String(Date.now()).slice(-6)}001`;
const SECRET_ENDPOINT = 'http://127.0.0.1:9/webhooks?token=s3cr3t-hook&team=ops';

describe('the audit log of every write (GET /audit-log)', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let sandbox: ApiClient;
  let production: ApiClient;
  let stranger: ApiClient;
  let viewer: { id: string; clientSecret: string; client: ApiClient };
  let customerId: string;
  let externalAccountId: string;
  let feeRuleId: string;
  let transferId: string;
  let startedAt: string;

  const auditLog = async (query = '', client = sandbox) => {
    const response = await client.get(`/audit-log${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  /** The entries of one resource, oldest first. */
  const entriesOf = async (resourceId: string) =>
    (await auditLog(`?resourceId=${encodeURIComponent(resourceId)}`)).data.reverse();

  beforeAll(async () => {
    ({ sandbox, production } = newPlatformClients(api));
    ({ sandbox: stranger } = newPlatformClients(api));
    startedAt = new Date().toISOString();

    const token = await sandbox.post('/tokens', { name: 'Read only', permissions: ['VIEW'] });
    expect(token.status).toBe(201);
    viewer = {
      id: token.body.id,
      clientSecret: token.body.clientSecret,
      client: api.withCredentials({ clientId: token.body.clientId, clientSecret: token.body.clientSecret }),
    };
    expect((await viewer.client.patch('/config', { webhookEndpoint: null })).status).toBe(403);

    expect((await sandbox.patch('/config', { webhookEndpoint: SECRET_ENDPOINT })).status).toBe(200);
    const customer = await newCustomer(sandbox, 'audited');
    customerId = customer.customerId;
    const account = await sandbox.post('/customers/external-accounts', {
      currency: 'USD',
      customerId,
      accountInfo: {
        accountType: 'US_ACCOUNT',
        accountNumber: ACCOUNT_NUMBER,
        routingNumber: '021000021',
        accountCategory: 'CHECKING',
        bankName: 'Chase Bank',
        beneficiary: {
          beneficiaryType: 'INDIVIDUAL',
          fullName: 'Ada Lovelace',
          birthDate: '1985-12-10',
          nationality: 'GB',
          address: {
            line1: '1 Main St',
            city: 'London',
            state: 'London',
            postalCode: 'N1 1AA',
            country: 'GB',
          },
        },
      },
    });
    expect(account.status).toBe(201);
    externalAccountId = account.body.id;

    const rule = await sandbox.post('/fee-rules', {
      transactionType: 'TRANSFER_OUT',
      feeType: 'FIXED',
      fixedFee: 25,
    });
    expect(rule.status).toBe(201);
    feeRuleId = rule.body.id;
    expect((await sandbox.patch(`/fee-rules/${feeRuleId}`, { fixedFee: 40 })).status).toBe(200);

    await fund(sandbox, customer.internalAccountId, 10_000);
    const transfer = await sandbox.post('/transfer-out', {
      source: { accountId: customer.internalAccountId },
      destination: { accountId: externalAccountId },
      amount: 1_000,
    });
    expect(transfer.status).toBe(201);
    transferId = transfer.body.id;
  });

  it('records a token created, without its secret', async () => {
    const [entry] = await entriesOf(viewer.id);

    expect(entry).toEqual({
      id: expect.stringMatching(/^AuditEntry:[0-9a-f-]{36}$/),
      createdAt: expect.any(String),
      tokenId: expect.stringMatching(/^Token:/),
      tokenName: expect.any(String),
      requestId: expect.any(String),
      method: 'POST',
      route: '/tokens',
      resourceId: viewer.id,
      outcome: { status: 201, completedAt: expect.any(String) },
    });
    expect(JSON.stringify(await auditLog())).not.toContain(viewer.clientSecret);
  });

  it('records a write the permission check refused, with the token that tried it', async () => {
    const page = await auditLog(`?tokenId=${encodeURIComponent(viewer.id)}`);

    expect(page.totalCount).toBe(1);
    expect(page.data[0]).toMatchObject({
      tokenId: viewer.id,
      tokenName: 'Read only',
      method: 'PATCH',
      route: '/config',
      outcome: { status: 403 },
    });
    expect(page.data[0].changes).toBeUndefined();
  });

  it('records a config change with its fields before and after, the webhook URL redacted', async () => {
    const page = await auditLog();
    const change = page.data.find((entry: any) => entry.route === '/config' && entry.outcome.status === 200);

    expect(change.resourceId).toMatch(/^PlatformConfig:/);
    expect(change.changes.before.webhookEndpoint).toBeNull();
    expect(change.changes.after).toMatchObject({
      webhookEndpoint: 'http://127.0.0.1:9/webhooks?token=[redacted]&team=ops',
      umaDomain: expect.any(String),
      supportedCurrencies: expect.any(Array),
    });
    expect(JSON.stringify(page)).not.toContain('s3cr3t-hook');
  });

  it('records a customer and an external account created, the account number absent', async () => {
    expect(await entriesOf(customerId)).toEqual([
      expect.objectContaining({
        method: 'POST',
        route: '/customers',
        outcome: expect.objectContaining({ status: 201 }),
      }),
    ]);
    const [account] = await entriesOf(externalAccountId);
    expect(account).toMatchObject({
      method: 'POST',
      route: '/customers/external-accounts',
      outcome: { status: 201 },
    });
    expect(JSON.stringify(await auditLog('?limit=100'))).not.toContain(ACCOUNT_NUMBER);
  });

  it('records fee-rule creation and change with before and after', async () => {
    const [created, changed] = await entriesOf(feeRuleId);

    expect(created).toMatchObject({ method: 'POST', route: '/fee-rules', outcome: { status: 201 } });
    expect(created.changes).toEqual({
      before: null,
      after: expect.objectContaining({ id: feeRuleId, fixedFee: 25 }),
    });
    expect(changed).toMatchObject({
      method: 'PATCH',
      route: `/fee-rules/${feeRuleId}`,
      outcome: { status: 200 },
    });
    expect(changed.changes).toEqual({
      before: expect.objectContaining({ fixedFee: 25 }),
      after: expect.objectContaining({ fixedFee: 40 }),
    });
  });

  it('records money-moving POSTs', async () => {
    expect(await entriesOf(transferId)).toEqual([
      expect.objectContaining({
        method: 'POST',
        route: '/transfer-out',
        outcome: expect.objectContaining({ status: 201 }),
      }),
    ]);
    const funding = (await auditLog('?limit=100')).data.filter((entry: any) => entry.route.endsWith('/fund'));
    expect(funding).toHaveLength(1);
  });

  it('pages newest first without repeating an entry, and filters by creation time', async () => {
    const all = await auditLog('?limit=100');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await auditLog(`?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.totalCount).toBe(all.totalCount);
      seen.push(...page.data.map((entry: any) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);

    expect(seen).toEqual(all.data.map((entry: any) => entry.id));
    const times = all.data.map((entry: any) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await auditLog(`?createdAfter=${encodeURIComponent(startedAt)}&limit=100`)).totalCount).toBe(
      all.totalCount,
    );
    expect((await auditLog(`?createdBefore=${encodeURIComponent(startedAt)}`)).totalCount).toBe(0);
  });

  it("never shows a platform's entries to another platform, nor to its other environment", async () => {
    expect((await auditLog('', stranger)).totalCount).toBe(0);
    expect((await auditLog(`?resourceId=${encodeURIComponent(customerId)}`, stranger)).data).toEqual([]);
    expect((await auditLog(`?resourceId=${encodeURIComponent(feeRuleId)}`, production)).data).toEqual([]);
  });

  it('refuses a bad filter with 400', async () => {
    const response = await sandbox.get('/audit-log?createdAfter=yesterday');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
  });
});
