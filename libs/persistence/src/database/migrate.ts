import { DataSource } from 'typeorm';
import { dataSourceOptions, SchemaOptions } from './data-source-options';

/**
 * Creates the app's schema if needed and runs its pending migrations; each app's `migrate.ts` calls
 * this so that migrations are an explicit deployment step, never a side effect of starting.
 */
export async function runMigrations(databaseUrl: string, options: SchemaOptions): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl, options));
  await dataSource.initialize();
  // Replicas starting together (init containers) take turns instead of racing on the same DDL.
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query(`SELECT pg_advisory_lock(hashtext($1))`, [`migrations:${options.schema}`]);
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lockRunner.release();
    await dataSource.destroy();
  }
}
