import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { uuidOf } from '@payments/contracts';
import { ApiException, Caller, PlatformScope, scopeOf } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { findInScope, recordAuditChange, RowCache, RowChanges } from '@payments/persistence';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { CreateFeeRuleDto } from '@quoting/fee-rules/dto/create-fee-rule.dto';
import { ListFeeRulesQuery } from '@quoting/fee-rules/dto/list-fee-rules.query';
import { UpdateFeeRuleDto } from '@quoting/fee-rules/dto/update-fee-rule.dto';
import { exactRate, uncharged } from '@quoting/fee-rules/fee-components';
import { FeeRule, FeeRuleTransactionType } from '@quoting/fee-rules/fee-rule.entity';
import { FeeRuleList, FeeRuleView, presentFeeRule } from '@quoting/fee-rules/fee-rule.view';

/** The platform's fee on one quote, as pricing needs it: both components, zero where the rule has none. */
export interface ActiveFeeRule {
  /** USD cents. */
  fixedFee: number;
  /** Exact decimal text, such as "0.0025"; "0" when the rule charges no rate. */
  variableFeeRate: string;
}

/** What a platform's transaction type charges, or that it charges nothing: both are worth keeping. */
interface CachedFeeRule {
  active: ActiveFeeRule | null;
}

/** Five transaction types per platform and environment. */
const CACHED_RULES = { maxEntries: 10_000, ttlMs: 60_000 };

/**
 * Fee rules of one platform in one environment. The database keeps them one per transaction type
 * (a unique constraint, so concurrent creates cannot both win) and consistent with their fee type.
 * Every quote and transfer reads its type's rule, so the answers are kept in a RowCache that the
 * table's trigger evicts on every change, creation included.
 */
@Injectable()
export class FeeRulesService {
  private readonly logger = new Logger(FeeRulesService.name);
  private readonly cached: RowCache<CachedFeeRule>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(FeeRule) private readonly rules: Repository<FeeRule>,
    rowChanges: RowChanges,
  ) {
    this.cached = rowChanges.cacheOf<CachedFeeRule>('fee_rules', CACHED_RULES);
  }

  async create(caller: Caller, body: CreateFeeRuleDto): Promise<FeeRuleView> {
    const now = new Date();
    const rule = this.rules.create({
      id: randomUUID(),
      ...scopeOf(caller),
      transactionType: body.transactionType,
      feeType: body.feeType,
      fixedFee: body.fixedFee ?? null,
      // Validated to have at most six decimal places, so its shortest text is the exact value.
      variableFeeRate: body.variableFeeRate === undefined ? null : String(body.variableFeeRate),
      enabled: body.enabled ?? true,
      createdAt: now,
      updatedAt: now,
    });
    const view = presentFeeRule(rule);
    await this.dataSource.transaction(async (manager) => {
      // The only unique key a new uuid can hit is one rule per transaction type.
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(FeeRule)
        .values(rule)
        .orIgnore()
        .returning('id')
        .execute();
      if (inserted.raw.length === 0) {
        throw new ApiException(
          'FEE_RULE_EXISTS',
          `A fee rule for ${body.transactionType} already exists: change it with PATCH /fee-rules/{feeRuleId}`,
        );
      }
      await recordFeeRuleChange(manager, caller, view.id, null, view);
    });
    this.evictAfterCommit(rule);
    this.logger.log({ ...logContext(caller, view.id), rule: view }, 'fee rule created');
    return view;
  }

  /** Newest first, disabled rules included. */
  async list(caller: Caller, query: ListFeeRulesQuery): Promise<FeeRuleList> {
    const rules = await this.rules.find({
      where: {
        ...scopeOf(caller),
        ...(query.transactionType === undefined ? {} : { transactionType: query.transactionType }),
        ...(query.enabled === undefined ? {} : { enabled: query.enabled }),
      },
      order: { seq: 'DESC' },
    });
    return { data: rules.map(presentFeeRule) };
  }

  async get(caller: Caller, feeRuleId: string): Promise<FeeRuleView> {
    return presentFeeRule(await this.find(this.rules.manager, scopeOf(caller), feeRuleId));
  }

  async update(caller: Caller, feeRuleId: string, body: UpdateFeeRuleDto): Promise<FeeRuleView> {
    const rule = await this.dataSource.transaction(async (manager) => {
      const rule = await this.find(manager, scopeOf(caller), feeRuleId, { lock: true });
      const misfits = uncharged(rule.feeType, body);
      if (misfits.length > 0) throw ApiException.invalidInput(misfits);
      const changes: Partial<FeeRule> = {
        // Strictly later, so that a client sees every change even within one millisecond.
        updatedAt: new Date(Math.max(Date.now(), rule.updatedAt.getTime() + 1)),
        ...(body.fixedFee === undefined ? {} : { fixedFee: body.fixedFee }),
        ...(body.variableFeeRate === undefined ? {} : { variableFeeRate: String(body.variableFeeRate) }),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
      };
      const before = presentFeeRule(rule);
      await manager.update(FeeRule, rule.id, changes);
      Object.assign(rule, changes);
      await recordFeeRuleChange(manager, caller, before.id, before, presentFeeRule(rule));
      return rule;
    });
    this.evictAfterCommit(rule);
    const view = presentFeeRule(rule);
    this.logger.log({ ...logContext(caller, view.id), rule: view }, 'fee rule updated');
    return view;
  }

  async delete(caller: Caller, feeRuleId: string): Promise<void> {
    const rule = await this.dataSource.transaction(async (manager) => {
      const rule = await this.find(manager, scopeOf(caller), feeRuleId, { lock: true });
      await manager.delete(FeeRule, rule.id);
      const before = presentFeeRule(rule);
      await recordFeeRuleChange(manager, caller, before.id, before, null);
      return rule;
    });
    this.evictAfterCommit(rule);
    this.logger.log(logContext(caller, feeRuleId), 'fee rule deleted');
  }

  /**
   * What quote pricing charges for `transactionType`: the enabled rule's components, or null when the
   * platform has no rule for it or has disabled it. One lookup on the one-rule-per-type index.
   */
  async activeRule(
    scope: PlatformScope,
    transactionType: FeeRuleTransactionType,
  ): Promise<ActiveFeeRule | null> {
    const { active } = await this.cached.read(cacheKeyOf({ ...scope, transactionType }), async () => {
      const rule = await this.rules.findOne({
        select: { id: true, fixedFee: true, variableFeeRate: true },
        where: { ...scope, transactionType, enabled: true },
      });
      if (!rule) return { active: null };
      return {
        active: Object.freeze({
          fixedFee: rule.fixedFee ?? 0,
          variableFeeRate: rule.variableFeeRate === null ? '0' : exactRate(rule.variableFeeRate),
        }),
      };
    });
    return active;
  }

  /**
   * The trigger's notification evicts the rule on every replica soon after the commit; the replica
   * that made the change evicts it at once, so that its caller's next quote prices by the new rule.
   */
  private evictAfterCommit(rule: PlatformScope & { transactionType: FeeRuleTransactionType }): void {
    this.cached.evict(cacheKeyOf(rule));
  }

  /** 404 alike for a malformed or unknown id and for another platform's or environment's rule. */
  private async find(
    manager: EntityManager,
    scope: PlatformScope,
    feeRuleId: string,
    { lock = false } = {},
  ): Promise<FeeRule> {
    const id = uuidOf('FeeRule', feeRuleId);
    const rule = id
      ? await findInScope(manager, FeeRule, id, scope, lock ? 'pessimistic_write' : undefined)
      : undefined;
    if (!rule) throw notFound(feeRuleId);
    return rule;
  }
}

/** As the table's trigger announces it. */
function cacheKeyOf({
  platformId,
  environment,
  transactionType,
}: PlatformScope & { transactionType: FeeRuleTransactionType }): string {
  return `${platformId}:${environment}:${transactionType}`;
}

/** In the change's transaction: the rule's fields hold no secret, so its view is recorded as it is. */
function recordFeeRuleChange(
  manager: EntityManager,
  caller: Caller,
  resourceId: string,
  before: FeeRuleView | null,
  after: FeeRuleView | null,
): Promise<void> {
  const asRecord = (view: FeeRuleView | null) => (view ? { ...view } : null);
  return recordAuditChange(manager, scopeOf(caller), caller.requestId, {
    resourceId,
    before: asRecord(before),
    after: asRecord(after),
  });
}

function notFound(feeRuleId: string): ApiException {
  return ApiException.notFound('FEE_RULE_NOT_FOUND', `Fee rule ${feeRuleId}`);
}

function logContext(caller: Caller, feeRuleId: string) {
  return { platformId: caller.platformId, environment: caller.environment, feeRuleId };
}
