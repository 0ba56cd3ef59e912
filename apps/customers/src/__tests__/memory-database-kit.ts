import { EventEnvelope, TopicContract } from '@payments/contracts';
import { Outbox, RowCache, RowChanges } from '@payments/persistence';
import { DataSource, EntityManager, FindOperator, QueryFailedError } from 'typeorm';
import {
  Customer,
  PLATFORM_CUSTOMER_ID_UNIQUE,
  UMA_ADDRESS_UNIQUE,
} from '@customers/customers/customer.entity';
import { ExternalAccount } from '@customers/external-accounts/external-account.entity';
import { Invitation } from '@customers/invitations/invitation.entity';

/**
 * The customers app's tables in memory, for service-level specs: an EntityManager and a DataSource
 * that find, insert and update rows the way the services use them, with unique indexes (their
 * violations fail as Postgres' do, code 23505 naming the constraint), transactions and savepoints
 * that roll back, and an outbox whose events roll back with them. Transactions must not overlap:
 * a spec runs its calls one after the other.
 */

type Row = Record<string, unknown>;
export type EntityClass = new () => object;

/** A unique index of `table`: the key a row has in it, or undefined for a row a partial index leaves out. */
export interface UniqueIndex {
  table: EntityClass;
  name: string;
  keyOf: (row: Row) => string | undefined;
}

export interface StoredEvent {
  topic: string;
  event: EventEnvelope;
  requestId?: string;
}

/** Answers a raw SQL statement the services send (manager.query) whose text matches. */
export type SqlHandler = (params: unknown[]) => unknown;

interface Snapshot {
  tables: Map<EntityClass, Row[]>;
  events: StoredEvent[];
}

const UNIQUE_VIOLATION = '23505';
const live = (row: Row, key: string) => (row.deletedAt ? undefined : key);

/** The app's unique indexes, as its migrations create them. */
export const CUSTOMERS_APP_INDEXES: UniqueIndex[] = [
  {
    table: Customer,
    name: PLATFORM_CUSTOMER_ID_UNIQUE,
    keyOf: (row) => live(row, `${row.platformId}:${row.environment}:${row.platformCustomerId}`),
  },
  { table: Customer, name: UMA_ADDRESS_UNIQUE, keyOf: (row) => live(row, String(row.umaAddress)) },
  {
    table: ExternalAccount,
    name: 'external_accounts_default_uma_deposit',
    keyOf: (row) =>
      row.defaultUmaDepositAccount ? `${row.platformId}:${row.environment}:${row.customerId}` : undefined,
  },
  { table: Invitation, name: 'invitations_code_key', keyOf: (row) => String(row.code) },
];

export function uniqueViolation(constraint: string): QueryFailedError {
  return new QueryFailedError(
    'INSERT',
    [],
    Object.assign(new Error('duplicate key'), { code: UNIQUE_VIOLATION, constraint }),
  );
}

export class MemoryDatabase {
  private tables = new Map<EntityClass, Row[]>();
  private events: StoredEvent[] = [];
  private readonly savepoints: Snapshot[] = [];
  private readonly handlers: [RegExp, SqlHandler][] = [[/pg_advisory_xact_lock/, () => []]];
  private nextSeq = 1;
  private openTransactions = 0;
  readonly manager: EntityManager;
  readonly dataSource: DataSource;

  constructor(private readonly uniques: UniqueIndex[] = CUSTOMERS_APP_INDEXES) {
    const manager = {
      findOne: async (entity: EntityClass, options: { where: Row }) =>
        this.select(entity, options.where)[0] ?? null,
      findOneBy: async (entity: EntityClass, where: Row) => this.select(entity, where)[0] ?? null,
      findBy: async (entity: EntityClass, where: Row) => this.select(entity, where),
      count: async (entity: EntityClass, options: { where: Row }) =>
        this.select(entity, options.where).length,
      insert: async (entity: EntityClass, rows: Row | Row[]) =>
        this.atomically(() => this.insert(entity, rows)),
      update: async (entity: EntityClass, criteria: string | Row, changes: Row) =>
        this.atomically(() => this.update(entity, criteria, changes)),
      create: (entity: EntityClass, fields: Row) => Object.assign(new entity(), fields),
      createQueryBuilder: (entity: EntityClass, alias: string) => new MemoryQuery(this, entity, alias),
      query: async (sql: string, params: unknown[] = []) => this.query(sql, params),
      transaction: (work: (manager: EntityManager) => Promise<unknown>) => this.transaction(work),
    };
    this.manager = manager as unknown as EntityManager;
    this.dataSource = {
      manager: this.manager,
      transaction: manager.transaction,
      query: manager.query,
      getRepository: (entity: EntityClass) => this.repository(entity),
    } as unknown as DataSource;
  }

  /** A Repository of `entity` with the methods the services call. */
  repository(entity: EntityClass) {
    return {
      manager: this.manager,
      findOneBy: async (where: Row): Promise<Row | null> => this.select(entity, where)[0] ?? null,
      createQueryBuilder: (alias: string) => new MemoryQuery(this, entity, alias),
    };
  }

  /** Raw SQL matching `pattern` is answered by `handler`; any other raw SQL fails the spec. */
  onQuery(pattern: RegExp, handler: SqlHandler): void {
    this.handlers.unshift([pattern, handler]);
  }

  seed<T extends object>(entity: new () => T, ...rows: Partial<T>[]): void {
    this.insert(entity, rows as Row[]);
  }

  /** The rows of `entity` as stored now, copies. */
  rows<T extends object>(entity: new () => T): T[] {
    return (this.tables.get(entity) ?? []).map((row) => Object.assign(new entity(), row));
  }

  /** The events committed to the outbox, in order. */
  outboxEvents(): StoredEvent[] {
    return [...this.events];
  }

  /** An Outbox writing to this database, inside the caller's transaction. */
  outbox(): Outbox {
    const add = async <T extends EventEnvelope>(
      _manager: EntityManager,
      topic: TopicContract<T>,
      events: T | T[],
      requestId?: string,
    ) => {
      if (this.openTransactions === 0) throw new Error('Outbox.add must run inside a transaction');
      for (const event of Array.isArray(events) ? events : [events])
        this.events.push({ topic: topic.name, event, requestId });
    };
    return { add } as unknown as Outbox;
  }

  select(entity: EntityClass, where: Row | Row[]): Row[] {
    const alternatives = Array.isArray(where) ? where : [where];
    return (this.tables.get(entity) ?? [])
      .filter((row) => alternatives.some((condition) => matches(row, condition)))
      .map((row) => Object.assign(new entity(), row));
  }

  private insert(entity: EntityClass, rows: Row | Row[]): void {
    const table = [...(this.tables.get(entity) ?? [])];
    for (const row of Array.isArray(rows) ? rows : [rows]) {
      table.push({ ...row, seq: row.seq ?? String(this.nextSeq++) });
    }
    this.store(entity, table);
  }

  private update(entity: EntityClass, criteria: string | Row, changes: Row): { affected: number } {
    const where = typeof criteria === 'string' ? { id: criteria } : criteria;
    let affected = 0;
    const table = (this.tables.get(entity) ?? []).map((row) => {
      if (!matches(row, where)) return row;
      affected += 1;
      return { ...row, ...changes };
    });
    this.store(entity, table);
    return { affected };
  }

  /** Stores the table's new rows unless they break its primary key or one of its unique indexes. */
  private store(entity: EntityClass, table: Row[]): void {
    const indexes: UniqueIndex[] = [
      { table: entity, name: `${entity.name}_pkey`, keyOf: (row) => String(row.id) },
      ...this.uniques.filter((index) => index.table === entity),
    ];
    for (const index of indexes) {
      const keys = table.map(index.keyOf).filter((key) => key !== undefined);
      if (new Set(keys).size < keys.length) throw uniqueViolation(index.name);
    }
    this.tables.set(entity, table);
  }

  private async query(sql: string, params: unknown[]): Promise<unknown> {
    const savepoint = /^\s*(SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT)\b/.exec(sql)?.[1];
    if (savepoint === 'SAVEPOINT') this.savepoints.push(this.snapshot());
    else if (savepoint === 'RELEASE SAVEPOINT') this.savepoints.pop();
    else if (savepoint) this.restore(this.savepoints.pop()!);
    if (savepoint) return [];
    const handler = this.handlers.find(([pattern]) => pattern.test(sql));
    if (!handler) throw new Error(`MemoryDatabase has no answer to: ${sql}`);
    return handler[1](params);
  }

  private async transaction<R>(work: (manager: EntityManager) => Promise<R>): Promise<R> {
    this.openTransactions += 1;
    try {
      return await this.atomically(() => work(this.manager));
    } finally {
      this.openTransactions -= 1;
    }
  }

  /** Runs `work`; when it fails, everything it changed is undone, as a transaction or savepoint is. */
  private async atomically<R>(work: () => R | Promise<R>): Promise<R> {
    const before = this.snapshot();
    try {
      return await work();
    } catch (error) {
      this.restore(before);
      throw error;
    }
  }

  private snapshot(): Snapshot {
    return { tables: new Map(this.tables), events: [...this.events] };
  }

  private restore(snapshot: Snapshot): void {
    this.tables = new Map(snapshot.tables);
    this.events = [...snapshot.events];
  }
}

function matches(row: Row, where: Row): boolean {
  return Object.entries(where).every(([column, expected]) => {
    const actual = row[column];
    if (!(expected instanceof FindOperator)) return sameValue(actual, expected);
    if (expected.type === 'isNull') return actual === null || actual === undefined;
    if (expected.type === 'in')
      return (expected.value as unknown[]).some((value) => sameValue(actual, value));
    if (expected.type === 'like')
      return typeof actual === 'string' && likePattern(expected.value).test(actual);
    throw new Error(`MemoryDatabase does not know the find operator ${expected.type}`);
  });
}

/** SQL LIKE as a regular expression: % any run, _ any one character, the rest literally. */
function likePattern(pattern: string): RegExp {
  const parts = pattern
    .split('')
    .map((char) => (char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('')}$`, 's');
}

function sameValue(actual: unknown, expected: unknown): boolean {
  return compare(actual, expected) === 0;
}

/** Dates by time, digit strings (seq) by number, anything else as it is. */
function compare(left: unknown, right: unknown): number {
  if (left instanceof Date && right instanceof Date) return left.getTime() - right.getTime();
  if (typeof left === 'string' && typeof right === 'string' && /^\d+$/.test(left) && /^\d+$/.test(right)) {
    return Number(BigInt(left) - BigInt(right));
  }
  if (left === right) return 0;
  if (left === null || left === undefined || right === null || right === undefined) return Number.NaN;
  return (left as number) < (right as number) ? -1 : 1;
}

type Condition = (row: Row, params: Row) => boolean;

const COMPARISONS: Record<string, (order: number) => boolean> = {
  '=': (order) => order === 0,
  '<': (order) => order < 0,
  '<=': (order) => order <= 0,
  '>': (order) => order > 0,
  '>=': (order) => order >= 0,
};

/**
 * One condition of a query builder's WHERE as the services write them: `alias.column <op> :param`,
 * `alias.column <op> 'literal'`, `alias.column <op> now()`, `alias.column IS [NOT] NULL`.
 */
function conditionOf(alias: string, text: string): Condition {
  const nullTest = new RegExp(`^${alias}\\.(\\w+) IS (NOT )?NULL$`).exec(text);
  if (nullTest) {
    const [, column, not] = nullTest;
    return (row) => (row[column] === null || row[column] === undefined) !== Boolean(not);
  }
  const comparison = new RegExp(`^${alias}\\.(\\w+) (<=|>=|=|<|>) (:\\w+|'[^']*'|now\\(\\))$`).exec(text);
  if (!comparison) throw new Error(`MemoryQuery cannot read the condition: ${text}`);
  const [, column, operator, operand] = comparison;
  const valueOf = (params: Row): unknown =>
    operand.startsWith(':')
      ? params[operand.slice(1)]
      : operand === 'now()'
        ? new Date()
        : operand.slice(1, -1);
  return (row, params) => COMPARISONS[operator](compare(row[column], valueOf(params)));
}

/** A SelectQueryBuilder over a MemoryDatabase table, for the WHERE, ORDER BY and LIMIT the services build. */
export class MemoryQuery {
  private conditions: Condition[] = [];
  private params: Row = {};
  private order?: { column: string; descending: boolean };
  private rowLimit?: number;

  constructor(
    private readonly database: MemoryDatabase,
    private readonly entity: EntityClass,
    readonly alias: string,
  ) {}

  where(text: string, params: Row = {}): this {
    this.conditions = [];
    return this.andWhere(text, params);
  }

  andWhere(text: string, params: Row = {}): this {
    this.conditions.push(...text.split(' AND ').map((part) => conditionOf(this.alias, part.trim())));
    this.params = { ...this.params, ...params };
    return this;
  }

  orderBy(column?: string, direction: 'ASC' | 'DESC' = 'ASC'): this {
    this.order =
      column === undefined
        ? undefined
        : { column: column.slice(this.alias.length + 1), descending: direction === 'DESC' };
    return this;
  }

  limit(count: number): this {
    this.rowLimit = count;
    return this;
  }

  setLock(): this {
    return this;
  }

  setOnLocked(): this {
    return this;
  }

  clone(): MemoryQuery {
    return Object.assign(new MemoryQuery(this.database, this.entity, this.alias), {
      conditions: [...this.conditions],
      params: { ...this.params },
      order: this.order,
      rowLimit: this.rowLimit,
    });
  }

  async getMany(): Promise<Row[]> {
    const rows = this.database
      .select(this.entity, {})
      .filter((row) => this.conditions.every((condition) => condition(row, this.params)));
    if (this.order) {
      const { column, descending } = this.order;
      rows.sort((left, right) => compare(left[column], right[column]) * (descending ? -1 : 1));
    }
    return rows.slice(0, this.rowLimit);
  }

  /** Only paginate's count selects: `select('COUNT(*)', 'count')`, then getRawOne. */
  select(): this {
    return this;
  }

  async getRawOne(): Promise<{ count: string }> {
    return { count: String((await this.clone().limit(Number.MAX_SAFE_INTEGER).getMany()).length) };
  }
}

/** RowChanges whose caches serve from memory, as when the replica hears the table's changes. */
export function liveRowChanges(): RowChanges {
  const cacheOf = (table: string, options: { maxEntries: number; ttlMs: number }) => {
    const cache = new RowCache(table, options);
    cache.setLive(true);
    return cache;
  };
  return { cacheOf } as unknown as RowChanges;
}
