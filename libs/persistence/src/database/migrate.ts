import { DataSource } from 'typeorm';
import { dataSourceOptions, SchemaOptions } from './data-source-options';

/** How long the migration step may wait: for another replica's run, and for a table a DDL statement needs. */
export interface MigrationWaits {
  /** Another replica holds the schema's migration lock: wait this long for its run to end. */
  turnMs: number;
  /**
   * A DDL statement waits at most this long for its table's lock. A migration queued behind a long
   * transaction would otherwise block every later query on that table; failing makes the init
   * container retry later, with the live traffic unharmed.
   */
  tableLockMs: number;
}

const DEFAULT_WAITS: MigrationWaits = { turnMs: 10 * 60_000, tableLockMs: 10_000 };

/**
 * Creates the app's schema if needed and runs its pending migrations; each app's `migrate.ts` calls
 * this so that migrations are an explicit deployment step, never a side effect of starting.
 */
export async function runMigrations(
  databaseUrl: string,
  options: SchemaOptions,
  waits: MigrationWaits = DEFAULT_WAITS,
): Promise<string[]> {
  const base = dataSourceOptions(databaseUrl, options);
  const dataSource = new DataSource({
    ...base,
    extra: { ...base.extra, options: `${base.extra.options} -c lock_timeout=${waits.tableLockMs}` },
  });
  await dataSource.initialize();
  // Replicas starting together (init containers) take turns instead of racing on the same DDL.
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query(`SET lock_timeout = ${Math.round(waits.turnMs)}`);
    await lockRunner.query(`SELECT pg_advisory_lock(hashtext($1))`, [`migrations:${options.schema}`]);
    // A migrator that owns its schema may not create schemas, and CREATE SCHEMA IF NOT EXISTS asks
    // for that right even when the schema exists (docs/operations.md, step 4).
    const [{ present }] = await dataSource.query(`SELECT to_regnamespace($1) IS NOT NULL AS present`, [
      options.schema,
    ]);
    if (!present) await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    await keepMigrationRecordToOwner(dataSource, options.schema);
    return applied.map((migration) => migration.name);
  } finally {
    await lockRunner.release();
    await dataSource.destroy();
  }
}

/**
 * Takes back the writes the migrator's default privileges gave the runtime role on the record of
 * applied migrations when it was created (docs/operations.md, step 4): a runtime role that could
 * rewrite it would make the next deployment skip or repeat a migration. Reading it stays allowed.
 */
async function keepMigrationRecordToOwner(dataSource: DataSource, schema: string): Promise<void> {
  const writers: { grantee: string }[] = await dataSource.query(
    `SELECT DISTINCT grantee::regrole::text AS grantee
       FROM pg_class c, aclexplode(c.relacl) acl
      WHERE c.oid = to_regclass(format('%I.migrations', $1::text)) AND acl.grantee NOT IN (0, c.relowner)
        AND acl.privilege_type IN ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')`,
    [schema],
  );
  for (const { grantee } of writers)
    await dataSource.query(
      `REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "${schema}".migrations FROM ${grantee}`,
    );
}
