// Checks (and on this machine starts) PostgreSQL and Redis, creates the database and applies every
// app's migrations into its own schema.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Redis } from 'ioredis';
import { APPS, appEntry, ROOT } from './apps.mjs';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/payments';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const isLoopback = (host) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);

let lastPostgresError = '';

async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    lastPostgresError = error.message;
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts the machine's PostgreSQL cluster the way this machine's services are started, if it can. */
function startLocalPostgres(log) {
  let versions = [];
  try {
    versions = readdirSync('/etc/postgresql');
  } catch {
    return false;
  }
  if (versions.length === 0) return false;
  log(`Starting the local PostgreSQL ${versions[0]} cluster`);
  return (
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start'], {
      stdio: 'ignore',
    }).status === 0
  );
}

export async function ensurePostgres(databaseUrl, { log = console.log } = {}) {
  const serverUrl = new URL(databaseUrl);
  const database = decodeURIComponent(serverUrl.pathname.slice(1));
  serverUrl.pathname = '/postgres';
  // A busy machine (a JVM starting beside us) can make the first answer slow: look again, then try
  // to start the local cluster, and give up only when it still does not answer.
  if (!(await waitFor(() => postgresAnswers(serverUrl.href), 10_000))) {
    if (isLoopback(serverUrl.hostname)) startLocalPostgres(log);
    if (!(await waitFor(() => postgresAnswers(serverUrl.href)))) {
      throw new Error(
        `PostgreSQL is not reachable at ${serverUrl.host} (DATABASE_URL): ${lastPostgresError}. Start it, or point DATABASE_URL at a running server.`,
      );
    }
  }
  const admin = new pg.Client({ connectionString: serverUrl.href });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount === 0) {
      log(`Creating database ${database}`);
      await admin.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`).catch((error) => {
        if (error.code !== '42P04') throw error; // created concurrently
      });
    }
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(databaseUrl) {
  const serverUrl = new URL(databaseUrl);
  const database = decodeURIComponent(serverUrl.pathname.slice(1));
  serverUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: serverUrl.href });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${database.replaceAll('"', '""')}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function redisAnswers(url) {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 5_000,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export async function ensureRedis(redisUrl, { log = console.log } = {}) {
  if (await waitFor(() => redisAnswers(redisUrl), 10_000)) return;
  const { hostname, port } = new URL(redisUrl);
  if (isLoopback(hostname) && spawnSync('which', ['redis-server']).status === 0) {
    log('Starting a local Redis server');
    spawnSync(
      'redis-server',
      [
        '--daemonize',
        'yes',
        '--bind',
        '127.0.0.1',
        '--port',
        port || '6379',
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      {
        stdio: 'ignore',
      },
    );
    if (await waitFor(() => redisAnswers(redisUrl))) return;
  }
  throw new Error(
    `Redis is not reachable at ${hostname}:${port || 6379} (REDIS_URL). Start it, or point REDIS_URL at a running server.`,
  );
}

/** Deletes the keys matching `pattern` (a test run's or benchmark's BullMQ queue) from a shared Redis. */
export async function deleteRedisKeys(redisUrl, pattern) {
  const redis = new Redis(redisUrl);
  try {
    for await (const keys of redis.scanStream({ match: pattern, count: 1000 })) {
      if (keys.length) await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/** Runs every app's migrations (each into its own schema) in parallel. */
export async function migrateAll(env, { log = console.log } = {}) {
  await Promise.all(
    APPS.map(
      (app) =>
        /** @type {Promise<void>} */ (
          new Promise((resolve, reject) => {
            const child = spawn(process.execPath, [appEntry(app.name, 'migrate.js')], {
              cwd: ROOT,
              env,
              stdio: ['ignore', 'pipe', 'pipe'],
            });
            let output = '';
            child.stdout.on('data', (chunk) => (output += chunk));
            child.stderr.on('data', (chunk) => (output += chunk));
            child.on('exit', (code) =>
              code === 0
                ? resolve()
                : reject(new Error(`migrations of ${app.name} failed:\n${output.trim()}`)),
            );
          })
        ),
    ),
  );
  log('Migrations applied');
}

async function waitFor(probe, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return true;
    await sleep(300);
  }
  return false;
}
