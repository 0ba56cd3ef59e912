import { DataSourceOptions, EntitySchema, MigrationInterface, MixedList } from 'typeorm';
import { InboxRetention1764920000000 } from '../migrations/inbox-retention';
import { OutboxParking1764600000000 } from '../migrations/outbox-parking';
import { PreparingClient } from './preparing-client';

/**
 * Migrations of the outbox and inbox every schema has (its first migration creates them with
 * createMessagingTables): added here, so no app lists them. TypeORM runs all migrations in timestamp
 * order, so each falls in its place among the app's own.
 */
const MESSAGING_MIGRATIONS = [OutboxParking1764600000000, InboxRetention1764920000000];

export interface SchemaOptions {
  /** The Postgres schema the app owns; nothing else writes to it. */
  schema: string;
  entities: MixedList<string | (new () => unknown) | EntitySchema>;
  /** The schema's own migrations; the messaging tables' shared ones are added (MESSAGING_MIGRATIONS). */
  migrations: (new () => MigrationInterface)[];
  /** Connection pool size of this app. */
  poolSize?: number;
  /**
   * Statements with parameters run prepared, once per connection (`PreparingClient`): for a running
   * app, not for migrations, whose statements run once.
   */
  preparedStatements?: boolean;
  /**
   * Prepared statements keep one generic plan instead of being planned again at each run. For an
   * app whose statements take their batch as arrays (`unnest($1::uuid[])`): in a generic plan
   * Postgres counts an array parameter as 100 rows, judges that plan costlier than a custom one for
   * the few rows at hand and so plans every run anew. Measured in the webhook dispatcher during the
   * transfer-out bench (pg_stat_statements), planning its two batch statements took as long as
   * running them. Not for a schema whose statements reach a partial index through a parameter
   * (`status = $1` against `WHERE status = 'PENDING'`): a generic plan cannot use that index.
   */
  genericPlans?: boolean;
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
    migrations: [...options.migrations, ...MESSAGING_MIGRATIONS],
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: ['error'],
    extra: {
      max: options.poolSize ?? 10,
      options: `-c search_path=${options.schema}${options.genericPlans ? ' -c plan_cache_mode=force_generic_plan' : ''}`,
      idleTimeoutMillis: 30_000,
      ...(options.preparedStatements ? { Client: PreparingClient } : {}),
    },
  };
}
