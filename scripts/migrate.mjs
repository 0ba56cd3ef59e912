// `npm run migrate`: creates the database if missing and runs every app's migrations into its own
// schema, against DATABASE_URL (or the local default), from the built tree (`npm run build`).
import { DEFAULT_DATABASE_URL, ensurePostgres, migrateAll } from './lib/infra.mjs';

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
try {
  await ensurePostgres(databaseUrl);
  await migrateAll({ ...process.env, DATABASE_URL: databaseUrl });
} catch (error) {
  console.error(`migrate failed: ${error.message}`);
  process.exit(1);
}
