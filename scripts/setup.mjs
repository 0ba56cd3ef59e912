// Everything a fresh machine needs before the service can run: npm dependencies, Kafka, PostgreSQL,
// Redis, the database, the build and every app's migrations. Safe to run again: each step is skipped
// when already done.
import { ensureDependencies } from './lib/dependencies.mjs';

export async function setup(env = process.env, { log = console.log, build = true } = {}) {
  ensureDependencies({ log });
  const { ensureKafka } = await import('./lib/kafka.mjs');
  const { ensurePostgres, ensureRedis, migrateAll, DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL } =
    await import('./lib/infra.mjs');
  const databaseUrl = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  await Promise.all([
    ensureKafka({ log, env }),
    ensurePostgres(databaseUrl, { log }),
    ensureRedis(env.REDIS_URL ?? DEFAULT_REDIS_URL, { log }),
  ]);
  if (build) await (await import('./build.mjs')).build({ log });
  await migrateAll({ ...process.env, ...env, DATABASE_URL: databaseUrl }, { log });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  setup().catch((error) => {
    console.error(`setup failed: ${error.message}`);
    process.exit(1);
  });
}
