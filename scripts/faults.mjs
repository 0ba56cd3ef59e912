// `npm run faults`: the fault-injection suite. Starts the service on its own ports, database, topic
// prefix and Kafka broker (127.0.0.1:29092, so stopping it disturbs no other stack), drives payments
// from three platforms with clients that retry every unknown outcome with the same Idempotency-Key,
// and injects each fault in turn: kill -9 of every app, SIGSTOP of transfers beyond the gateway's
// timeout, Kafka stopped, Postgres restarted, the webhook receiver failing then hanging. After each
// fault and at the end it checks one effect per key, one terminal state per transaction, webhooks in
// order, the ledger and the import; prints a table and exits 1 on any finding.
// `--faults a,b` (or FAULTS=a,b) runs some faults only and `-postgres` all but one (the ids are in
// scripts/faults/faults.mjs); `--load-seconds N` sets each phase's load (default 15). `--replicas N`
// (2 or 3) runs every app with N replicas behind a local Service each, which adds the rolling restart
// of every app to the faults (docs/operations.md, "Deploying to production", availability).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { APPS, ROOT } from './lib/apps.mjs';
import { deleteRedisKeys, dropDatabase, DEFAULT_REDIS_URL } from './lib/infra.mjs';
import { stopKafka } from './lib/kafka-stop.mjs';
import { deleteRunResources } from './lib/kafka-run-resources.mjs';
import { freeBasePort, stackEnvironment, startStack } from './lib/stack.mjs';
import { appLogDigest } from './faults/app-log-digest.mjs';
import { importProblems } from './faults/bulk-import.mjs';
import { checkRequests, ledgerProblem, unlearnedTransactions } from './faults/checks.mjs';
import { FAULTS } from './faults/faults.mjs';
import { noteAnswer, runPhase } from './faults/phase.mjs';
import { preparePlatform } from './faults/platforms.mjs';
import { summaryTable } from './faults/report.mjs';
import { FaultyWebhookReceiver } from './faults/webhook-receiver.mjs';
import { webhookTrail } from './faults/webhook-trail.mjs';
import { setup } from './setup.mjs';

const PLATFORMS = ['faults-a', 'faults-b', 'faults-c'];
const PHASE_CHECK_WAIT_MS = 20_000;
const FINAL_CHECK_WAIT_MS = 90_000;
const FINDINGS_SHOWN = 40;
const LOG_DIR = `${ROOT}/.cache/faults/logs`;
const log = (line) => console.log(`[faults] ${line}`);

const { values } = parseArgs({
  options: { faults: { type: 'string' }, 'load-seconds': { type: 'string' }, replicas: { type: 'string' } },
});
const replicas = Number(values.replicas ?? 1);
const faults = selectedFaults(values.faults ?? process.env.FAULTS ?? '');
const loadMs = Number(values['load-seconds'] ?? 15) * 1000;
const runId = randomBytes(4).toString('hex');
const startedAt = Date.now();
const KAFKA_BROKER = '127.0.0.1:29092';
/** @type {NodeJS.ProcessEnv} */
const env = {
  ...process.env,
  ...stackEnvironment(await freeBasePort(28080)),
  DATABASE_URL: process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/payments_faults',
  KAFKA_BROKERS: KAFKA_BROKER,
  KAFKA_CONTROLLER_PORT: '29093',
  KAFKA_TOPIC_PREFIX: `faults-${runId}.`,
  BULLMQ_PREFIX: `faults-${runId}`,
  LOG_LEVEL: 'warn',
  // Short enough that a paused app is given up on (503, retried) within the phase.
  UPSTREAM_TIMEOUT_MS: '3000',
  WEBHOOK_TIMEOUT_MS: '2000',
  // About 70 s of retries: the receiver's outage of 24 s is outlived.
  WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1,2,2,3,3,5,5,5,5,5,5,5,5,5,5,5,5',
  // Small chunks with short locks: a killed worker's chunk is taken over within seconds.
  BULK_CHUNK_ROWS: '100',
  BULK_CHUNK_LOCK_MS: '2000',
  RATE_LIMIT_PER_TOKEN: '1000000000',
  RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: '1000000000',
  RATE_LIMIT_REDIS_PREFIX: `faults-${runId}:rate-limit:`,
  // Every replica opens its own pool: keep all of them within PostgreSQL's 100 connections.
  DB_POOL_SIZE: String(Math.floor(10 / replicas)),
};

log(
  `faults: ${faults.map((fault) => fault.id).join(', ')}; ${loadMs / 1000} s of load each; ${replicas} replica(s) per app`,
);
await dropDatabase(env.DATABASE_URL).catch(() => undefined);
await setup(env, { log, build: !existsSync(`${ROOT}/dist/apps`) });
const stack = await startStack(env, {
  logDir: LOG_DIR,
  log,
  replicas: Object.fromEntries(APPS.map((app) => [app.name, replicas])),
});
const receiver = new FaultyWebhookReceiver({ hangMs: Number(env.WEBHOOK_TIMEOUT_MS) + 1_000 });
const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
db.on('error', () => undefined); // the Postgres restart drops idle connections; the pool makes new ones
const context = { stack, env, receiver, log, gatewayUrl: `http://127.0.0.1:${env.GATEWAY_PORT}` };
let failed = true;
try {
  await receiver.start();
  context.platforms = await Promise.all(
    PLATFORMS.map((name) =>
      preparePlatform({
        name,
        env,
        gatewayUrl: context.gatewayUrl,
        receiver,
        onAnswer: (answer) => noteAnswer(context, answer),
      }),
    ),
  );
  const phases = [];
  const otherProblems = [];
  for (const fault of faults) {
    log(`${fault.name}: injecting under load`);
    const phase = await runPhase({ fault, context, loadMs });
    phases.push(phase);
    // Matched against every request so far: an effect of an earlier phase is not one nobody asked for.
    const requestsSoFar = phases.flatMap((each) => each.requests);
    const findings = (
      await checkRequests({
        db,
        platforms: context.platforms,
        requests: requestsSoFar,
        receiver,
        waitMs: PHASE_CHECK_WAIT_MS,
      })
    ).filter((finding) => finding.phase === phase.fault || finding.phase === undefined);
    const ledger = await ledgerProblem(env.DATABASE_URL);
    if (ledger) otherProblems.push(`after ${fault.name}: ${ledger}`);
    if (context.importJob && fault.id === 'bulk-import-worker') {
      otherProblems.push(
        ...(await importProblems({ platform: context.platforms[0], db, job: context.importJob })),
      );
    }
    log(
      `${fault.name}: ${phase.requests.length} requests, answers by status ${JSON.stringify(phase.answers)}, ` +
        `findings ${JSON.stringify(countByType(findings))}${ledger ? ', ledger:check FAILED' : ''}`,
    );
  }
  log('final checks of every request');
  const requests = phases.flatMap((phase) => phase.requests);
  const findings = await checkRequests({
    db,
    platforms: context.platforms,
    requests,
    receiver,
    waitMs: FINAL_CHECK_WAIT_MS,
  });
  const unlearned = await unlearnedTransactions(context.platforms, requests);
  if (unlearned.length)
    otherProblems.push(
      `${unlearned.length} transaction(s) listed by the API that no client learned of, e.g. ${unlearned.slice(0, 5).join(', ')}`,
    );
  const ledger = await ledgerProblem(env.DATABASE_URL);
  if (ledger) otherProblems.push(ledger);
  for (const finding of findings.slice(0, FINDINGS_SHOWN))
    log(`${finding.type}: ${finding.text} (${finding.phase ?? 'no phase'})`);
  if (findings.length > FINDINGS_SHOWN) log(`… and ${findings.length - FINDINGS_SHOWN} more findings`);
  for (const problem of otherProblems) log(problem);
  console.log(`\n${summaryTable(phases, findings)}\n`);
  failed = findings.length > 0 || otherProblems.length > 0;
  if (failed) {
    const missing = findings.flatMap((finding) => (finding.missing ? [finding.missing] : []));
    for (const line of await webhookTrail(db, missing)) log(`missing webhooks: ${line}`);
    log(`what the apps logged about their consumers and workers (all of it in ${LOG_DIR}):`);
    for (const line of appLogDigest(LOG_DIR, startedAt)) log(`  ${line}`);
  }
  log(
    failed
      ? 'FAILED'
      : 'passed: every key had one effect, every transaction ended once with its webhooks in order',
  );
} catch (error) {
  log(`could not run: ${error.stack}`);
} finally {
  await Promise.all((context.platforms ?? []).map((platform) => platform.api.close()));
  await stack.stop();
  await receiver.stop();
  await db.end();
  await deleteRedisKeys(env.REDIS_URL ?? DEFAULT_REDIS_URL, `faults-${runId}*`);
  await deleteRunResources(env.KAFKA_TOPIC_PREFIX, [KAFKA_BROKER]).catch(() => undefined);
  await stopKafka({ env, log });
}
process.exit(failed ? 1 : 0);

/** How many findings of each type; late ones (stuck, webhook) may clear by the final checks, which wait longer. */
function countByType(findings) {
  return Object.fromEntries(
    [...new Set(findings.map((finding) => finding.type))].map((type) => [
      type,
      findings.filter((finding) => finding.type === type).length,
    ]),
  );
}

/**
 * All faults the replica count allows, the ones listed, or all but those listed with a leading '-'.
 * A fault that needs more replicas than asked for (a rolling restart of one replica is an outage) is
 * refused when listed.
 */
function selectedFaults(list) {
  if (![1, 2, 3].includes(replicas)) exitWith(`--replicas must be 1, 2 or 3; got ${values.replicas}`);
  const ids = list
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = ids
    .map((id) => id.replace(/^-/, ''))
    .filter((id) => !FAULTS.some((fault) => fault.id === id));
  if (unknown.length)
    exitWith(`unknown fault(s) ${unknown.join(', ')}; known: ${FAULTS.map((fault) => fault.id).join(', ')}`);
  const excluded = ids.filter((id) => id.startsWith('-')).map((id) => id.slice(1));
  const included = ids.filter((id) => !id.startsWith('-'));
  const needMore = FAULTS.filter(
    (fault) => included.includes(fault.id) && (fault.minReplicas ?? 1) > replicas,
  );
  if (needMore.length)
    exitWith(
      `${needMore.map((fault) => fault.id).join(', ')} needs --replicas ${needMore[0].minReplicas} or more`,
    );
  return FAULTS.filter(
    (fault) =>
      (included.length === 0 ? (fault.minReplicas ?? 1) <= replicas : included.includes(fault.id)) &&
      !excluded.includes(fault.id),
  );
}

function exitWith(message) {
  console.error(message);
  process.exit(2);
}
