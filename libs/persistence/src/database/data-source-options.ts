import { DataSourceOptions, EntitySchema, MixedList } from 'typeorm';

export interface SchemaOptions {
  /** The Postgres schema the app owns; nothing else writes to it. */
  schema: string;
  entities: MixedList<string | (new () => unknown) | EntitySchema>;
  migrations: MixedList<string | (new () => unknown)>;
  /** Connection pool size of this app. */
  poolSize?: number;
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
    },
  };
}
