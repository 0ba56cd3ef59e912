import { ConfigService } from '@nestjs/config';
import { EVENT_HEADERS, EventEnvelope } from '@payments/contracts';
import { scopeOf } from '@payments/http';
import { Outbox, RowCache, RowChanges } from '@payments/persistence';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, ObjectLiteral } from 'typeorm';
import { CUSTOMERS_SCHEMA } from '@customers/database';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { caller, currency, production, stranger, UMA_DOMAIN } from '@customers/__tests__/tenant-kit';

/**
 * The customers schema on a throwaway Postgres database, for service-level specs: one database per
 * spec file (useTenantDatabase), emptied and given the tenants' platforms again by tenantDatabase.
 */

export interface StoredEvent {
  topic: string;
  event: EventEnvelope;
  requestId?: string;
}

/**
 * Tables whose trigger refuses a DELETE (libs/persistence/src/migrations/audit-changes.ts); a
 * TRUNCATE fires no row trigger.
 */
const APPEND_ONLY = new Set(['audit_changes']);

/** Tables whose creation order is their `seq`; the others' is their created_at. */
const SEQUENCED = new Set(['customers', 'external_accounts']);

export class TenantDatabase {
  /** Topics without a deployment prefix, so events are stored under their contracts' names. */
  readonly outbox = new Outbox(new ConfigService({ KAFKA_TOPIC_PREFIX: '' }));

  constructor(readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async seed<T extends ObjectLiteral>(entity: new () => T, ...rows: Partial<T>[]): Promise<void> {
    await this.dataSource.getRepository(entity).insert(rows as T[]);
  }

  /** The rows of `entity` as stored now, in the order they were created. */
  rows<T extends ObjectLiteral>(entity: new () => T): Promise<T[]> {
    const { tableName } = this.dataSource.getMetadata(entity);
    return this.dataSource
      .getRepository(entity)
      .createQueryBuilder('stored')
      .orderBy(SEQUENCED.has(tableName) ? 'stored.seq' : 'stored.created_at')
      .getMany();
  }

  /** The events committed to the outbox, in order. */
  async outboxEvents(): Promise<StoredEvent[]> {
    const rows: { topic: string; payload: string; headers: Record<string, string> }[] =
      await this.dataSource.query(`SELECT topic, payload, headers FROM outbox ORDER BY id`);
    return rows.map(({ topic, payload, headers }) => ({
      topic,
      event: JSON.parse(payload) as EventEnvelope,
      requestId: headers[EVENT_HEADERS.requestId],
    }));
  }
}

let migrated: MigratedDatabase | undefined;
let emptyTables: string | undefined;

/** Makes the spec file's database before its tests and drops it after them; spies end with each test. */
export function useTenantDatabase(): void {
  beforeAll(async () => {
    migrated = await MigratedDatabase.create(CUSTOMERS_SCHEMA);
    emptyTables = await deletionsOf(migrated.dataSource);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await migrated?.drop();
  });
}

/**
 * Statements emptying every table but the migrations', in one round trip: DELETEs, a referencing
 * table before the one it references, and last the tables no foreign key joins (counts and outbox,
 * which the others' triggers write to). Faster than TRUNCATE, which rewrites each table; only an
 * append-only table, whose trigger refuses a DELETE, is truncated.
 */
async function deletionsOf(dataSource: DataSource): Promise<string> {
  const tables: { tablename: string }[] = await dataSource.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'migrations'`,
  );
  const references: { child: string; parent: string }[] = await dataSource.query(
    `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent FROM pg_constraint
     WHERE contype = 'f' AND connamespace = current_schema()::regnamespace`,
  );
  const ordered: string[] = [];
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    references.filter(({ parent }) => parent === table).forEach(({ child }) => visit(child));
    ordered.push(table);
  };
  const joined = new Set(references.flatMap(({ child, parent }) => [child, parent]));
  const names = tables.map(({ tablename }) => tablename);
  names.filter((table) => joined.has(table)).forEach(visit);
  ordered.push(...names.filter((table) => !joined.has(table)));
  return ordered
    .map((table) => (APPEND_ONLY.has(table) ? `TRUNCATE "${table}";` : `DELETE FROM "${table}";`))
    .join(' ');
}

/**
 * The spec file's database, emptied, with a config of `currencyCodes` for the caller's platform in
 * each environment and for the stranger.
 */
export async function tenantDatabase(currencyCodes: string[] = ['USD']): Promise<TenantDatabase> {
  if (!migrated || !emptyTables) throw new Error('tenantDatabase needs useTenantDatabase() in the spec');
  const database = new TenantDatabase(migrated.dataSource);
  await database.dataSource.query(emptyTables);
  for (const tenant of [caller, stranger]) {
    const { platformId } = scopeOf(tenant);
    await database.dataSource.query(`INSERT INTO platforms (id, name, slug) VALUES ($1, $2, $2)`, [
      platformId,
      platformId,
    ]);
  }
  const configs = [caller, production, stranger].map((tenant, index) => ({
    id: randomUUID(),
    ...scopeOf(tenant),
    umaDomain: index === 0 ? UMA_DOMAIN : `other-${index}.uma.local`,
    proxyUmaSubdomain: `proxy-${index}`,
    webhookEndpoint: null,
    webhookFormat: 'LEGACY' as const,
    supportedCurrencies: currencyCodes.map((code) => currency(code)),
    isRegulatedFinancialInstitution: false,
    umaDomainToken: `grid-uma-verify=${randomUUID()}`,
    umaDomainVerifiedAt: null,
    createdAt: new Date('2025-10-13T09:00:00.000Z'),
    updatedAt: new Date('2025-10-13T09:00:00.000Z'),
  }));
  await database.seed(PlatformConfig, ...configs);
  return database;
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

/**
 * Fakes the clock only: Postgres' client runs on the real timers, and the services read the time
 * from Date (statements are given it rather than asking Postgres' now()).
 */
export function fakeClock(now: Date): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
