import { DataSourceOptions, EntitySchema, MixedList } from 'typeorm';
import { PreparingClient } from './preparing-client';

export interface SchemaOptions {
  /** The Postgres schema the app owns; nothing else writes to it. */
  schema: string;
  entities: MixedList<string | (new () => unknown) | EntitySchema>;
  migrations: MixedList<string | (new () => unknown)>;
  /** Connection pool size of this app. */
  poolSize?: number;
  /**
   * Statements with parameters run prepared, once per connection (`PreparingClient`): for a running
   * app, not for migrations, whose statements run once.
   */
  preparedStatements?: boolean;
}

/**
 * One DataSource per app schema with its own migrations table; the search path is the schema, so
 * migrations and raw queries name tables without qualifying them and can never touch another schema.
 */
export function dataSourceOptions(databaseUrl: string, options: SchemaOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: ['error'],
    extra: {
      max: options.poolSize ?? 10,
      options: `-c search_path=${options.schema}`,
      idleTimeoutMillis: 30_000,
      ...(options.preparedStatements ? { Client: PreparingClient } : {}),
    },
  };
}
