// Starts the whole service once for the end-to-end tier, on its own ports, database and topic prefix
// so that it never collides with a running `npm start`; tests read where it runs from stack.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { ROOT } from '../../scripts/lib/apps.mjs';
import { ensureChromium } from '../../scripts/lib/chromium.mjs';
import { dropDatabase } from '../../scripts/lib/infra.mjs';
import { appUrls, freeBasePort, stackEnvironment, startStack } from '../../scripts/lib/stack.mjs';
import { setup } from '../../scripts/setup.mjs';

/** E2E_NAME gives a run its own directory and database, so that two checkouts' runs stay apart. */
const E2E_NAME = process.env.E2E_NAME ? `e2e-${process.env.E2E_NAME}` : 'e2e';
export const E2E_DIR = `${ROOT}/.cache/${E2E_NAME}`;
const E2E_BASE_PORT = 18080;

export default async function globalSetup() {
  const runId = randomBytes(4).toString('hex');
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    ...stackEnvironment(await freeBasePort(E2E_BASE_PORT)),
    DATABASE_URL:
      process.env.E2E_DATABASE_URL ??
      `postgres://postgres@127.0.0.1:5432/payments_${E2E_NAME.replace('-', '_')}`,
    KAFKA_TOPIC_PREFIX: `e2e-${runId}.`,
    LOG_LEVEL: 'info',
    SANDBOX_SETTLEMENT_MS: '200',
    SANDBOX_DELAYED_FAILURE_SECONDS: '2',
    WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1,2',
    QUOTE_TTL_SECONDS: '10',
    // Its own BullMQ keys, and small chunks and short locks so that a few hundred rows make many
    // chunks and a killed worker's chunk moves to another within seconds.
    BULLMQ_PREFIX: `e2e-${runId}`,
    BULK_CHUNK_ROWS: '50',
    BULK_CHUNK_LOCK_MS: '2000',
    BULK_MAX_ROWS: '5000',
    BULK_MAX_BYTES: String(4 * 1024 * 1024),
    // Tests make thousands of requests with one token and fail authentication on purpose; the rate
    // limit test starts gateway replicas of its own with small budgets.
    RATE_LIMIT_PER_TOKEN: '10000000',
    RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: '10000000',
    RATE_LIMIT_PUBLIC_PER_ADDRESS: '10000000',
    // A payment between two platforms whose sender was refused fails within seconds, not a minute.
    UMA_SENDER_FUNDING_SECONDS: '3',
    RATE_LIMIT_REDIS_PREFIX: `e2e-${runId}:rate-limit:`,
    // The platforms' private UMA keys are stored sealed, as in production.
    UMA_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    // The platforms' webhook signing keys too.
    WEBHOOK_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const log = (line) => process.stderr.write(`[e2e] ${line}\n`);
  await dropDatabase(env.DATABASE_URL).catch(() => undefined);
  // The hosted KYC page is tested in a real browser.
  ensureChromium({ log });
  // The test script builds once before Jest starts; a direct `jest` run builds here.
  await setup(env, { log, build: process.env.E2E_SKIP_BUILD !== 'true' });
  mkdirSync(E2E_DIR, { recursive: true });
  const logDir = `${E2E_DIR}/logs`;
  const stack = await startStack(env, { logDir, log });
  globalThis.__E2E_STACK__ = stack;
  writeFileSync(
    `${E2E_DIR}/stack.json`,
    JSON.stringify({
      gatewayUrl: `http://127.0.0.1:${env.GATEWAY_PORT}`,
      appUrls: appUrls(env),
      kafkaBrokers: (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
      topicPrefix: env.KAFKA_TOPIC_PREFIX,
      databaseUrl: env.DATABASE_URL,
      redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      bullmqPrefix: env.BULLMQ_PREFIX,
      // What this stack sets beyond the inherited environment, for tests that start extra replicas.
      environment: Object.fromEntries(
        Object.entries(env).filter(([name, value]) => process.env[name] !== value),
      ),
      logDir,
    }),
  );
  log(`stack ready (topic prefix ${env.KAFKA_TOPIC_PREFIX})`);
}
