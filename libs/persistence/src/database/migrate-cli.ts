import { PickType } from '@nestjs/swagger';
import { CommonEnvironment, validateEnvironment } from '@payments/runtime';
import { runMigrations } from './migrate';
import { SchemaOptions } from './data-source-options';

/**
 * What the migration step reads: the database alone, so that an init container needs none of the
 * app's other secrets (INTERNAL_AUTH_SECRET, Kafka's credentials) to start.
 */
export class MigrationEnvironment extends PickType(CommonEnvironment, ['DATABASE_URL'] as const) {}

/** Entry point of each app's `migrate.js`: applies its pending migrations and exits non-zero on failure. */
export function migrateFromEnvironment(options: SchemaOptions): void {
  const { DATABASE_URL } = validateEnvironment(MigrationEnvironment);
  runMigrations(DATABASE_URL, options)
    .then((applied) => {
      console.log(
        JSON.stringify({ level: 'info', schema: options.schema, applied, msg: 'migrations applied' }),
      );
    })
    .catch((error: Error) => {
      console.error(
        JSON.stringify({
          level: 'error',
          schema: options.schema,
          msg: `migrations failed: ${error.message}`,
        }),
      );
      process.exitCode = 1;
    });
}
