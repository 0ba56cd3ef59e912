import { randomUUID } from 'node:crypto';
import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { scopeOf } from '@payments/http';
import { dataSourceOptions, RowChanges } from '@payments/persistence';
import { ApiClient, bootstrapPlatform, e2eStack, newPlatformClients } from '@payments/testing';
import { DataSource } from 'typeorm';
import { QUOTING_SCHEMA } from '@quoting/database';
import { FeeRule } from '@quoting/fee-rules/fee-rule.entity';
import { FeeRulesService } from '@quoting/fee-rules/fee-rules.service';

const HYBRID_PAYOUT = {
  transactionType: 'CROSS_BORDER_PAYOUT',
  feeType: 'HYBRID',
  fixedFee: 30,
  variableFeeRate: 0.0025,
};
const FIXED_TRANSFER_IN = { transactionType: 'TRANSFER_IN', feeType: 'FIXED', fixedFee: 50 };
const PERCENTAGE_RAMP_ON = { transactionType: 'RAMP_ON', feeType: 'PERCENTAGE', variableFeeRate: 0.123456 };

const fieldsOf = (body: { details: { errors: { field: string }[] } }) =>
  body.details.errors.map((error) => error.field).sort();
const idsOf = (body: { data: { id: string }[] }) => body.data.map((rule) => rule.id);

describe('fee rules', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let platformId: string;
  let sandbox: ApiClient;
  let production: ApiClient;

  beforeAll(() => {
    ({ platformId, sandbox, production } = newPlatformClients(api));
  });

  // Every test starts without rules, so each may use any transaction type.
  afterEach(async () => {
    for (const client of [sandbox, production]) {
      for (const id of idsOf((await client.get('/fee-rules')).body)) {
        expect((await client.delete(`/fee-rules/${id}`)).status).toBe(204);
      }
    }
  });

  const create = async (body: object, client = sandbox) => {
    const response = await client.post('/fee-rules', body);
    expect(response.status).toBe(201);
    return response.body;
  };

  it('creates a rule of each fee type, enabled unless told otherwise', async () => {
    const fixed = await sandbox.post('/fee-rules', FIXED_TRANSFER_IN);
    expect(fixed.status).toBe(201);
    expect(fixed.body).toEqual({
      id: expect.stringMatching(/^FeeRule:[0-9a-f-]{36}$/),
      transactionType: 'TRANSFER_IN',
      feeType: 'FIXED',
      fixedFee: 50,
      enabled: true,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updatedAt: fixed.body.createdAt,
    });

    const percentage = await create({ ...PERCENTAGE_RAMP_ON, enabled: false });
    expect(percentage).toMatchObject({ feeType: 'PERCENTAGE', variableFeeRate: 0.123456, enabled: false });
    expect(percentage).not.toHaveProperty('fixedFee');

    const hybrid = await create(HYBRID_PAYOUT);
    expect(hybrid).toMatchObject({ ...HYBRID_PAYOUT, enabled: true });

    for (const rule of [fixed.body, percentage, hybrid]) {
      expect((await sandbox.get(`/fee-rules/${rule.id}`)).body).toEqual(rule);
    }
  });

  it('takes the ends of both ranges', async () => {
    expect(
      await create({ transactionType: 'RAMP_OFF', feeType: 'HYBRID', fixedFee: 0, variableFeeRate: 0 }),
    ).toMatchObject({
      fixedFee: 0,
      variableFeeRate: 0,
    });
    expect(
      await create({
        transactionType: 'TRANSFER_OUT',
        feeType: 'HYBRID',
        fixedFee: 10_000,
        variableFeeRate: 0.2,
      }),
    ).toMatchObject({ fixedFee: 10_000, variableFeeRate: 0.2 });
  });

  it.each([
    ['a FIXED rule without fixedFee', { transactionType: 'TRANSFER_IN', feeType: 'FIXED' }, ['fixedFee']],
    [
      'a PERCENTAGE rule without variableFeeRate',
      { transactionType: 'RAMP_ON', feeType: 'PERCENTAGE' },
      ['variableFeeRate'],
    ],
    [
      'a HYBRID rule without components',
      { transactionType: 'RAMP_OFF', feeType: 'HYBRID' },
      ['fixedFee', 'variableFeeRate'],
    ],
    [
      'a HYBRID rule without variableFeeRate',
      { ...HYBRID_PAYOUT, variableFeeRate: undefined },
      ['variableFeeRate'],
    ],
    ['a rate on a FIXED rule', { ...FIXED_TRANSFER_IN, variableFeeRate: 0.01 }, ['variableFeeRate']],
    ['a fixed fee on a PERCENTAGE rule', { ...PERCENTAGE_RAMP_ON, fixedFee: 1 }, ['fixedFee']],
    ['fixedFee 10001', { ...FIXED_TRANSFER_IN, fixedFee: 10_001 }, ['fixedFee']],
    ['fixedFee -1', { ...FIXED_TRANSFER_IN, fixedFee: -1 }, ['fixedFee']],
    ['a fractional fixedFee', { ...FIXED_TRANSFER_IN, fixedFee: 12.5 }, ['fixedFee']],
    ['fixedFee as a string', { ...FIXED_TRANSFER_IN, fixedFee: '50' }, ['fixedFee']],
    ['variableFeeRate 0.2000001', { ...PERCENTAGE_RAMP_ON, variableFeeRate: 0.2000001 }, ['variableFeeRate']],
    ['variableFeeRate -0.01', { ...PERCENTAGE_RAMP_ON, variableFeeRate: -0.01 }, ['variableFeeRate']],
    ['seven decimal places', { ...PERCENTAGE_RAMP_ON, variableFeeRate: 0.0012345 }, ['variableFeeRate']],
    ['a null component', { ...FIXED_TRANSFER_IN, fixedFee: null }, ['fixedFee']],
    ['a null enabled', { ...FIXED_TRANSFER_IN, enabled: null }, ['enabled']],
    ['an unknown field', { ...FIXED_TRANSFER_IN, currency: 'USD' }, ['currency']],
    [
      'an unknown transaction type',
      { ...FIXED_TRANSFER_IN, transactionType: 'INCOMING' },
      ['transactionType'],
    ],
    ['an unknown fee type', { ...FIXED_TRANSFER_IN, feeType: 'TIERED' }, ['feeType']],
    [
      'everything at once',
      { transactionType: 'REFUND', feeType: 'TIERED', fixedFee: -1, variableFeeRate: 1, enabled: 'yes' },
      ['enabled', 'feeType', 'fixedFee', 'transactionType', 'variableFeeRate'],
    ],
  ])('refuses %s with 400, naming every bad field', async (_case, body, fields) => {
    const response = await sandbox.post('/fee-rules', body);

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
    expect(fieldsOf(response.body)).toEqual(fields);
    expect((await sandbox.get('/fee-rules')).body).toEqual({ data: [] });
  });

  it('allows one rule per transaction type, even when created concurrently', async () => {
    const first = await create(HYBRID_PAYOUT);
    const second = await sandbox.post('/fee-rules', {
      ...FIXED_TRANSFER_IN,
      transactionType: 'CROSS_BORDER_PAYOUT',
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('FEE_RULE_EXISTS');

    const concurrent = await Promise.all(
      [1, 2, 3, 4].map(() => sandbox.post('/fee-rules', FIXED_TRANSFER_IN)),
    );
    expect(concurrent.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await sandbox.get('/fee-rules')).body.data).toHaveLength(2);
    expect((await sandbox.get(`/fee-rules/${first.id}`)).body).toEqual(first);
  });

  it('lists every rule, disabled ones included, newest first, with filters', async () => {
    const fixed = await create(FIXED_TRANSFER_IN);
    const percentage = await create({ ...PERCENTAGE_RAMP_ON, enabled: false });
    const hybrid = await create(HYBRID_PAYOUT);

    const all = await sandbox.get('/fee-rules');
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual(['data']);
    expect(all.body.data).toEqual([hybrid, percentage, fixed]);

    expect(idsOf((await sandbox.get('/fee-rules?transactionType=RAMP_ON')).body)).toEqual([percentage.id]);
    expect(idsOf((await sandbox.get('/fee-rules?enabled=true')).body)).toEqual([hybrid.id, fixed.id]);
    expect(idsOf((await sandbox.get('/fee-rules?enabled=false')).body)).toEqual([percentage.id]);
    expect(idsOf((await sandbox.get('/fee-rules?transactionType=RAMP_ON&enabled=true')).body)).toEqual([]);
    expect((await sandbox.get('/fee-rules?transactionType=RAMP_OFF')).body).toEqual({ data: [] });
  });

  it.each([
    ['transactionType=INCOMING', ['transactionType']],
    ['enabled=yes', ['enabled']],
    ['enabled=', ['enabled']],
    ['transactionType=RAMP_ON&transactionType=RAMP_OFF', ['transactionType']],
    ['limit=10', ['limit']],
  ])('refuses the list filter %s with 400', async (query, fields) => {
    const response = await sandbox.get(`/fee-rules?${query}`);

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
    expect(fieldsOf(response.body)).toEqual(fields);
  });

  it('changes components and enabled with PATCH, moving updatedAt on', async () => {
    const rule = await create(HYBRID_PAYOUT);

    const changed = await sandbox.patch(`/fee-rules/${rule.id}`, { fixedFee: 45, variableFeeRate: 0.01 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      ...rule,
      fixedFee: 45,
      variableFeeRate: 0.01,
      updatedAt: expect.any(String),
    });
    expect(Date.parse(changed.body.updatedAt)).toBeGreaterThan(Date.parse(rule.updatedAt));

    const disabled = await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: false });
    expect(disabled.body).toMatchObject({ enabled: false, fixedFee: 45, variableFeeRate: 0.01 });
    expect(Date.parse(disabled.body.updatedAt)).toBeGreaterThan(Date.parse(changed.body.updatedAt));
    expect(idsOf((await sandbox.get('/fee-rules?enabled=false')).body)).toEqual([rule.id]);

    const enabled = await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: true });
    expect(enabled.body.enabled).toBe(true);
    expect((await sandbox.get(`/fee-rules/${rule.id}`)).body).toEqual(enabled.body);
  });

  it.each([
    ['transactionType', { transactionType: 'RAMP_OFF' }, ['transactionType']],
    ['feeType', { feeType: 'FIXED', fixedFee: 10 }, ['feeType']],
    ['a rate on a FIXED rule', { variableFeeRate: 0.01 }, ['variableFeeRate']],
    ['fixedFee 10001', { fixedFee: 10_001 }, ['fixedFee']],
    ['a null fixedFee', { fixedFee: null }, ['fixedFee']],
    ['enabled as text', { enabled: 'false' }, ['enabled']],
    ['an unknown field', { id: 'FeeRule:x' }, ['id']],
  ])('refuses a PATCH of %s with 400 and changes nothing', async (_case, body, fields) => {
    const rule = await create(FIXED_TRANSFER_IN);

    const response = await sandbox.patch(`/fee-rules/${rule.id}`, body);

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
    expect(fieldsOf(response.body)).toEqual(fields);
    expect((await sandbox.get(`/fee-rules/${rule.id}`)).body).toEqual(rule);
  });

  it('deletes a rule with 204, after which it is gone and its type free again', async () => {
    const rule = await create(FIXED_TRANSFER_IN);

    const deleted = await sandbox.delete(`/fee-rules/${rule.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();

    for (const response of [
      await sandbox.get(`/fee-rules/${rule.id}`),
      await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: false }),
      await sandbox.delete(`/fee-rules/${rule.id}`),
    ]) {
      expect(response.body).toMatchObject({ status: 404, code: 'FEE_RULE_NOT_FOUND' });
    }
    expect((await sandbox.get('/fee-rules')).body).toEqual({ data: [] });
    expect((await create({ ...PERCENTAGE_RAMP_ON, transactionType: 'TRANSFER_IN' })).id).not.toBe(rule.id);
  });

  it.each([
    ['an unknown id', `FeeRule:${randomUUID()}`],
    ['a malformed id', 'FeeRule:not-a-uuid'],
    ['an id of another type', `Quote:${randomUUID()}`],
  ])('answers 404 FEE_RULE_NOT_FOUND for %s', async (_case, id) => {
    for (const response of [
      await sandbox.get(`/fee-rules/${id}`),
      await sandbox.patch(`/fee-rules/${id}`, { enabled: false }),
      await sandbox.delete(`/fee-rules/${id}`),
    ]) {
      expect(response.body).toMatchObject({ status: 404, code: 'FEE_RULE_NOT_FOUND' });
    }
  });

  it('keeps production and sandbox rules apart', async () => {
    const inSandbox = await create(HYBRID_PAYOUT);
    const inProduction = await create({ ...HYBRID_PAYOUT, fixedFee: 99 }, production);

    expect((await sandbox.get('/fee-rules')).body.data).toEqual([inSandbox]);
    expect((await production.get('/fee-rules')).body.data).toEqual([inProduction]);
    for (const response of [
      await production.get(`/fee-rules/${inSandbox.id}`),
      await production.patch(`/fee-rules/${inSandbox.id}`, { enabled: false }),
      await production.delete(`/fee-rules/${inSandbox.id}`),
    ]) {
      expect(response.body.code).toBe('FEE_RULE_NOT_FOUND');
    }
    expect((await sandbox.get(`/fee-rules/${inSandbox.id}`)).body).toEqual(inSandbox);
  });

  it("hides another platform's rules", async () => {
    const rule = await create(HYBRID_PAYOUT);
    const stranger = api.withCredentials(bootstrapPlatform().sandbox);

    expect((await stranger.get('/fee-rules')).body).toEqual({ data: [] });
    for (const response of [
      await stranger.get(`/fee-rules/${rule.id}`),
      await stranger.patch(`/fee-rules/${rule.id}`, { fixedFee: 0 }),
      await stranger.delete(`/fee-rules/${rule.id}`),
    ]) {
      expect(response.body).toMatchObject({ status: 404, code: 'FEE_RULE_NOT_FOUND' });
    }
    expect(await create(HYBRID_PAYOUT, stranger)).not.toEqual(rule);
    expect((await sandbox.get(`/fee-rules/${rule.id}`)).body).toEqual(rule);
  });

  it('lets a VIEW token read rules but not change them', async () => {
    const rule = await create(FIXED_TRANSFER_IN);
    const { body: token } = await sandbox.post('/tokens', { name: 'fee reader', permissions: ['VIEW'] });
    const viewer = api.withCredentials({ clientId: token.clientId, clientSecret: token.clientSecret });

    expect((await viewer.get('/fee-rules')).body).toEqual({ data: [rule] });
    expect((await viewer.get(`/fee-rules/${rule.id}`)).body).toEqual(rule);
    for (const response of [
      await viewer.post('/fee-rules', PERCENTAGE_RAMP_ON),
      await viewer.patch(`/fee-rules/${rule.id}`, { enabled: false }),
      await viewer.delete(`/fee-rules/${rule.id}`),
    ]) {
      expect(response.body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    expect((await sandbox.get('/fee-rules')).body).toEqual({ data: [rule] });
  });

  describe('activeRule, as quote pricing reads what the API wrote', () => {
    let dataSource: DataSource;
    let service: FeeRulesService;
    const sandboxScope = () => scopeOf({ platformId, environment: Environment.Sandbox });

    beforeAll(async () => {
      dataSource = await new DataSource(dataSourceOptions(stack.databaseUrl, QUOTING_SCHEMA)).initialize();
      // Not listening, so its cache reads through: each read sees the database as it is.
      const rowChanges = new RowChanges(
        QUOTING_SCHEMA.schema,
        new ConfigService({ DATABASE_URL: stack.databaseUrl }),
      );
      service = new FeeRulesService(dataSource, dataSource.getRepository(FeeRule), rowChanges);
    });

    afterAll(() => dataSource?.destroy());

    it("gives each enabled rule's components as exact text, absent ones as zero", async () => {
      await create(HYBRID_PAYOUT);
      await create({ transactionType: 'RAMP_ON', feeType: 'PERCENTAGE', variableFeeRate: 0.2 });
      await create({ transactionType: 'TRANSFER_IN', feeType: 'FIXED', fixedFee: 0 });

      expect(await service.activeRule(sandboxScope(), 'CROSS_BORDER_PAYOUT')).toEqual({
        fixedFee: 30,
        variableFeeRate: '0.0025',
      });
      expect(await service.activeRule(sandboxScope(), 'RAMP_ON')).toEqual({
        fixedFee: 0,
        variableFeeRate: '0.2',
      });
      expect(await service.activeRule(sandboxScope(), 'TRANSFER_IN')).toEqual({
        fixedFee: 0,
        variableFeeRate: '0',
      });
    });

    it('gives null without a rule, for a disabled one and for the other environment', async () => {
      const rule = await create(FIXED_TRANSFER_IN);
      await create(PERCENTAGE_RAMP_ON, production);

      expect(await service.activeRule(sandboxScope(), 'RAMP_OFF')).toBeNull();
      expect(await service.activeRule(sandboxScope(), 'RAMP_ON')).toBeNull();
      await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: false });
      expect(await service.activeRule(sandboxScope(), 'TRANSFER_IN')).toBeNull();
      await sandbox.patch(`/fee-rules/${rule.id}`, { enabled: true, fixedFee: 75 });
      expect(await service.activeRule(sandboxScope(), 'TRANSFER_IN')).toEqual({
        fixedFee: 75,
        variableFeeRate: '0',
      });
    });
  });
});
