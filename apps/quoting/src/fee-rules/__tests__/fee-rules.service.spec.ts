import { Logger } from '@nestjs/common';
import { Environment, toApiId, uuidOf } from '@payments/contracts';
import { Caller, scopeOf } from '@payments/http';
import { RowCache, RowChanges } from '@payments/persistence';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { CreateFeeRuleDto } from '@quoting/fee-rules/dto/create-fee-rule.dto';
import { FeeRule } from '@quoting/fee-rules/fee-rule.entity';
import { FeeRulesService } from '@quoting/fee-rules/fee-rules.service';

const caller: Caller = { platformId: toApiId('Platform', randomUUID()), environment: Environment.Sandbox };
const production: Caller = { ...caller, environment: Environment.Production };
const stranger: Caller = { ...caller, platformId: toApiId('Platform', randomUUID()) };
const NOW = new Date('2025-10-13T10:00:00.000Z');

type Where = Partial<FeeRule>;
/** The rate as the numeric column gives it back: six decimal places. */
const atColumnScale = (rule: FeeRule): FeeRule => ({
  ...rule,
  variableFeeRate: rule.variableFeeRate === null ? null : Number(rule.variableFeeRate).toFixed(6),
});
const matches = (rule: FeeRule, where: Where) =>
  Object.entries(where).every(([column, value]) => rule[column as keyof FeeRule] === value);

/**
 * The fee_rules table in memory, behind the Repository, EntityManager and DataSource calls the
 * service makes: one rule per platform, environment and transaction type (an insert that would make
 * two is ignored), and rates read back at the column's scale of six, as Postgres returns them.
 */
class FeeRuleRows {
  private rows: FeeRule[] = [];
  private seq = 0;
  readonly locks: unknown[] = [];

  readonly manager = {
    findOne: async (_entity: unknown, { where, lock }: { where: Where; lock?: unknown }) => {
      if (lock) this.locks.push(lock);
      return this.read(where)[0] ?? null;
    },
    update: async (_entity: unknown, id: string, changes: Partial<FeeRule>) => {
      this.rows = this.rows.map((rule) => (rule.id === id ? atColumnScale({ ...rule, ...changes }) : rule));
    },
    delete: async (_entity: unknown, id: string) => {
      this.rows = this.rows.filter((rule) => rule.id !== id);
    },
    createQueryBuilder: () => ({
      insert: () => ({
        into: () => ({
          values: (rule: FeeRule) => ({
            orIgnore: () => ({ returning: () => ({ execute: async () => this.insertOrIgnore(rule) }) }),
          }),
        }),
      }),
    }),
  };

  readonly repository = {
    manager: this.manager,
    create: (fields: Partial<FeeRule>) => Object.assign(new FeeRule(), fields),
    find: async ({ where, order }: { where: Where; order?: { seq?: 'ASC' | 'DESC' } }) =>
      order?.seq === 'DESC' ? this.read(where).reverse() : this.read(where),
    findOne: async ({ where }: { where: Where }) => this.read(where)[0] ?? null,
  };

  readonly dataSource = {
    transaction: (work: (manager: FeeRuleRows['manager']) => Promise<unknown>) => work(this.manager),
  };

  /** Changes a stored rule without the service, as another replica would. */
  change(id: string, changes: Partial<FeeRule>): void {
    void this.manager.update(FeeRule, id, changes);
  }

  private read(where: Where): FeeRule[] {
    return this.rows.filter((rule) => matches(rule, where)).map((rule) => ({ ...rule }));
  }

  private insertOrIgnore(rule: FeeRule) {
    const { platformId, environment, transactionType } = rule;
    if (this.read({ platformId, environment, transactionType }).length > 0) return { raw: [] };
    this.rows.push(atColumnScale({ ...rule, seq: String(++this.seq) }));
    return { raw: [{ id: rule.id }] };
  }
}

function feeRulesService() {
  const rows = new FeeRuleRows();
  // Served from memory, as while the replica hears the table's changes.
  const cacheOf = (table: string, options: { maxEntries: number; ttlMs: number }) => {
    const cache = new RowCache(table, options);
    cache.setLive(true);
    return cache;
  };
  const service = new FeeRulesService(
    rows.dataSource as unknown as DataSource,
    rows.repository as unknown as Repository<FeeRule>,
    { cacheOf } as unknown as RowChanges,
  );
  return { service, rows };
}

const hybrid: CreateFeeRuleDto = {
  transactionType: 'CROSS_BORDER_PAYOUT',
  feeType: 'HYBRID',
  fixedFee: 30,
  variableFeeRate: 0.0025,
};

beforeAll(() => Logger.overrideLogger(false));
beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

describe('FeeRulesService: creating and reading rules', () => {
  it('stores a rule, enabled unless told otherwise, without the component its type does not charge', async () => {
    const { service } = feeRulesService();

    const created = await service.create(caller, {
      transactionType: 'TRANSFER_OUT',
      feeType: 'PERCENTAGE',
      variableFeeRate: 0.005,
    });
    const disabled = await service.create(caller, { ...hybrid, enabled: false });

    expect(created).toEqual({
      id: expect.stringMatching(/^FeeRule:/),
      transactionType: 'TRANSFER_OUT',
      feeType: 'PERCENTAGE',
      variableFeeRate: 0.005,
      enabled: true,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    expect(await service.get(caller, created.id)).toEqual(created);
    expect(disabled).toMatchObject({ fixedFee: 30, variableFeeRate: 0.0025, enabled: false });
  });

  it('refuses a second rule for a transaction type with 409 FEE_RULE_EXISTS; another environment or platform has its own', async () => {
    const { service } = feeRulesService();
    await service.create(caller, hybrid);

    await expect(service.create(caller, { ...hybrid, fixedFee: 1 })).rejects.toMatchObject({
      code: 'FEE_RULE_EXISTS',
      status: 409,
    });
    await service.create(production, hybrid);
    await service.create(stranger, hybrid);
    expect((await service.list(caller, {})).data).toEqual([expect.objectContaining({ fixedFee: 30 })]);
  });

  it("lists the caller's rules newest first, disabled ones included, filtered by transactionType and enabled", async () => {
    const { service } = feeRulesService();
    const first = await service.create(caller, hybrid);
    const second = await service.create(caller, {
      transactionType: 'TRANSFER_IN',
      feeType: 'FIXED',
      fixedFee: 5,
      enabled: false,
    });
    await service.create(production, { ...hybrid, transactionType: 'TRANSFER_IN' });
    const idsOf = async (query: object) => (await service.list(caller, query)).data.map(({ id }) => id);

    expect(await idsOf({})).toEqual([second.id, first.id]);
    expect(await idsOf({ transactionType: 'CROSS_BORDER_PAYOUT' })).toEqual([first.id]);
    expect(await idsOf({ enabled: false })).toEqual([second.id]);
  });

  it("answers 404 FEE_RULE_NOT_FOUND for a malformed or unknown id and another platform's or environment's rule", async () => {
    const { service } = feeRulesService();
    const rule = await service.create(caller, hybrid);

    for (const [who, id] of [
      [caller, 'FeeRule:nope'],
      [caller, toApiId('FeeRule', randomUUID())],
      [stranger, rule.id],
      [production, rule.id],
    ] as const) {
      await expect(service.get(who, id)).rejects.toMatchObject({ code: 'FEE_RULE_NOT_FOUND', status: 404 });
      await expect(service.update(who, id, { enabled: false })).rejects.toMatchObject({
        code: 'FEE_RULE_NOT_FOUND',
      });
      await expect(service.delete(who, id)).rejects.toMatchObject({ code: 'FEE_RULE_NOT_FOUND' });
    }
    expect(await service.get(caller, rule.id)).toEqual(rule);
  });
});

describe('FeeRulesService: changing and deleting rules', () => {
  it('changes the given fields only, on the locked rule, moving updatedAt on even within the same millisecond', async () => {
    const { service, rows } = feeRulesService();
    const rule = await service.create(caller, hybrid);

    const changed = await service.update(caller, rule.id, { variableFeeRate: 0.01 });
    const again = await service.update(caller, rule.id, { enabled: false });

    expect(changed).toMatchObject({
      fixedFee: 30,
      variableFeeRate: 0.01,
      enabled: true,
      createdAt: rule.createdAt,
    });
    expect([changed.updatedAt, again.updatedAt]).toEqual([
      '2025-10-13T10:00:00.001Z',
      '2025-10-13T10:00:00.002Z',
    ]);
    expect(await service.get(caller, rule.id)).toMatchObject({ variableFeeRate: 0.01, enabled: false });
    expect(rows.locks).toEqual([{ mode: 'pessimistic_write' }, { mode: 'pessimistic_write' }]);
  });

  it("refuses a component the rule's fee type does not charge with 400 naming it, changing nothing", async () => {
    const { service } = feeRulesService();
    const rule = await service.create(caller, { transactionType: 'RAMP_ON', feeType: 'FIXED', fixedFee: 10 });

    await expect(
      service.update(caller, rule.id, { variableFeeRate: 0.01, enabled: false }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'variableFeeRate', message: 'must be left out when feeType is FIXED' }] },
    });
    expect(await service.get(caller, rule.id)).toEqual(rule);
  });

  it('deletes the rule, freeing its transaction type', async () => {
    const { service } = feeRulesService();
    const rule = await service.create(caller, hybrid);

    await service.delete(caller, rule.id);

    await expect(service.get(caller, rule.id)).rejects.toMatchObject({ code: 'FEE_RULE_NOT_FOUND' });
    await expect(service.delete(caller, rule.id)).rejects.toMatchObject({ code: 'FEE_RULE_NOT_FOUND' });
    expect(await service.create(caller, hybrid)).toMatchObject({ transactionType: 'CROSS_BORDER_PAYOUT' });
  });
});

describe('FeeRulesService: the rule pricing applies (activeRule)', () => {
  it("gives an enabled rule's components, the rate as exact text, zero for the one its type lacks", async () => {
    const { service } = feeRulesService();
    await service.create(caller, hybrid);
    await service.create(caller, { transactionType: 'TRANSFER_OUT', feeType: 'FIXED', fixedFee: 7 });
    await service.create(caller, {
      transactionType: 'TRANSFER_IN',
      feeType: 'PERCENTAGE',
      variableFeeRate: 0.1,
    });

    expect(await service.activeRule(scopeOf(caller), 'CROSS_BORDER_PAYOUT')).toEqual({
      fixedFee: 30,
      variableFeeRate: '0.0025',
    });
    expect(await service.activeRule(scopeOf(caller), 'TRANSFER_OUT')).toEqual({
      fixedFee: 7,
      variableFeeRate: '0',
    });
    expect(await service.activeRule(scopeOf(caller), 'TRANSFER_IN')).toEqual({
      fixedFee: 0,
      variableFeeRate: '0.1',
    });
  });

  it('gives null without a rule, for a disabled one and for the other environment', async () => {
    const { service } = feeRulesService();
    await service.create(caller, { ...hybrid, enabled: false });
    await service.create(caller, { transactionType: 'RAMP_OFF', feeType: 'FIXED', fixedFee: 7 });

    expect(await service.activeRule(scopeOf(caller), 'CROSS_BORDER_PAYOUT')).toBeNull();
    expect(await service.activeRule(scopeOf(caller), 'TRANSFER_IN')).toBeNull();
    expect(await service.activeRule(scopeOf(production), 'RAMP_OFF')).toBeNull();
  });

  it('keeps the answer in memory, and forgets it once the service creates, changes or deletes the rule of that type', async () => {
    const { service, rows } = feeRulesService();
    const [scope, type] = [scopeOf(caller), 'CROSS_BORDER_PAYOUT' as const];
    expect(await service.activeRule(scope, type)).toBeNull();

    const rule = await service.create(caller, hybrid);
    expect(await service.activeRule(scope, type)).toMatchObject({ fixedFee: 30 });
    // A change this replica has not heard of yet.
    rows.change(uuidOf('FeeRule', rule.id)!, { fixedFee: 99 });
    expect(await service.activeRule(scope, type)).toMatchObject({ fixedFee: 30 });

    await service.update(caller, rule.id, { variableFeeRate: 0.5 });
    expect(await service.activeRule(scope, type)).toEqual({ fixedFee: 99, variableFeeRate: '0.5' });
    await service.delete(caller, rule.id);
    expect(await service.activeRule(scope, type)).toBeNull();
  });
});
