// `npm run bench`: starts the whole service on its own ports, database and topic prefix, then prints
// the figures each issue asks for. Every load runs on this machine against loopback only, bounded
// in time. `--only reads|money|quotes|incoming|bulk` (or several, comma-separated) runs those parts;
// `--duration S` shortens the money paths' 60 s, `--warmup S` their 20 s of warm-up load before it.
// `export` seeds `--export-rows N` transactions (default 1,000,000) by SQL and streams their export.
// The bulk import starts stacks of its own, with one and then two worker replicas. `growth` runs
// only when asked for (`--only growth`): it grows one platform's history to `--growth-rows N` rows
// per resource (default 1,000,000, about an hour here) on a stack and database of its own. `tracing`
// alternates the transfer-out load on stacks with tracing off, on, sampled and sampling none
// (`--tracing-rounds N` each, 2). `console` measures the console's bundle and, in Chromium, how soon
// its sign-in form and a list of 100 transactions are on screen.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/apps.mjs';
import { freeBasePort, stackEnvironment, startStack } from './lib/stack.mjs';
import { setup } from './setup.mjs';

const PARTS = ['reads', 'money', 'quotes', 'incoming', 'export', 'console', 'bulk', 'tracing', 'growth'];
const DEFAULT_PARTS = PARTS.filter((part) => part !== 'growth');
const USAGE = `usage: npm run bench [-- --only ${PARTS.join('|')}[,...]] [--duration SECONDS] [--warmup SECONDS] [--growth-rows N] [--export-rows N] [--tracing-rounds N] [--profile]`;
const values = parseOptions();
const runs = (part) => (values.only ? values.only.split(',') : DEFAULT_PARTS).includes(part);
const BENCH_BASE_PORT = 28080;
const log = (line) => console.log(`[bench] ${line}`);
const runId = randomBytes(4).toString('hex');
const logDir = `${ROOT}/.cache/bench/logs`;

/** @type {NodeJS.ProcessEnv} */
const env = {
  ...process.env,
  ...stackEnvironment(await freeBasePort(BENCH_BASE_PORT)),
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/payments_bench',
  KAFKA_TOPIC_PREFIX: `bench-${runId}.`,
  BULLMQ_PREFIX: `bench-${runId}`,
  LOG_LEVEL: 'warn',
  // The loads send tens of thousands of requests a second with one token: counted, never refused.
  RATE_LIMIT_PER_TOKEN: '1000000000',
  RATE_LIMIT_REDIS_PREFIX: `bench-${runId}:rate-limit:`,
};

// --profile: each app writes a V8 CPU profile when it stops, summarized after the loads. Profiling
// costs the apps time: compare its figures only with other profiled runs.
const profileDir = `${ROOT}/.cache/bench/profiles/${runId}`;
const nodeArgs = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

/** The growth part's history lives in a database of its own, dropped at its start like the bench's. */
const growthEnv = {
  ...env,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/payments_growth',
};
// Run alone, the growth part leaves the bench's database (perhaps another run's) untouched.
const usesBenchDatabase = DEFAULT_PARTS.some(runs);
await setup(usesBenchDatabase ? env : growthEnv, { log, build: true });
const { dropDatabase } = await import('./lib/infra.mjs');
if (usesBenchDatabase) await dropDatabase(env.DATABASE_URL);

const startedAt = Date.now();
if (usesBenchDatabase) await setup(env, { log: () => undefined, build: false });
const results = { cpuProbeMs: cpuProbeMs() };
if (['reads', 'money', 'quotes', 'incoming', 'export', 'console'].some(runs)) {
  const stack = await startStack(env, { logDir, log, nodeArgs });
  results.startSeconds = (Date.now() - startedAt) / 1000;
  log(
    `service ready in ${results.startSeconds.toFixed(1)} s from a built tree (migrations on an empty database included)`,
  );
  const { BenchApi } = await import('./bench/api.mjs');
  const { benchReads } = await import('./bench/reads.mjs');
  const { benchMoneyPath } = await import('./bench/money-path.mjs');
  const gatewayUrl = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  try {
    const { bootstrapPlatform } = await import('./bootstrap.mjs');
    const platform = await bootstrapPlatform('bench', env);
    const api = new BenchApi(gatewayUrl, platform.sandbox);
    if (runs('reads')) results.reads = await benchReads({ api, gatewayUrl, durationSeconds: 20, log });
    for (const [part, scenario] of [
      ['money', 'transfer-out'],
      ['quotes', 'quotes'],
      ['incoming', 'incoming'],
    ]) {
      if (!runs(part)) continue;
      const durationSeconds = Number(values.duration ?? 60);
      const warmupSeconds = Number(values.warmup ?? 20);
      results[part] = await benchMoneyPath({
        api,
        env,
        durationSeconds,
        warmupSeconds,
        log,
        root: ROOT,
        scenario,
      });
    }
    if (runs('export')) {
      const { benchExport } = await import('./bench/export.mjs');
      const rows = Number(values['export-rows'] ?? 1_000_000);
      results.export = await benchExport({ api, env, gatewayUrl, platform, stack, rows, log });
    }
    if (runs('console')) {
      const { benchConsole } = await import('./bench/console.mjs');
      results.console = await benchConsole({ api, gatewayUrl, credentials: platform.sandbox, log });
    }
    await api.close();
  } finally {
    await stack.stop();
  }
  if (values.profile) {
    const { describeProfiles } = await import('./bench/profile-summary.mjs');
    const windows = ['money', 'quotes', 'incoming'].flatMap((part) => results[part]?.window ?? []);
    results.profile = describeProfiles(profileDir, { windows });
  }
}
if (runs('bulk')) {
  const { benchBulkImport } = await import('./bench/bulk-import.mjs');
  try {
    results.bulkImport = await benchBulkImport({ env, log, logDir });
  } finally {
    const { deleteRedisKeys, DEFAULT_REDIS_URL } = await import('./lib/infra.mjs');
    await deleteRedisKeys(env.REDIS_URL ?? DEFAULT_REDIS_URL, `${env.BULLMQ_PREFIX}:*`);
  }
}
if (runs('tracing')) {
  const { benchTracing } = await import('./bench/tracing.mjs');
  results.tracing = await benchTracing({
    env,
    log,
    logDir,
    root: ROOT,
    rounds: Number(values['tracing-rounds'] ?? 2),
    durationSeconds: Number(values.duration ?? 60),
    warmupSeconds: Number(values.warmup ?? 20),
  });
}
if (runs('growth')) {
  const { benchGrowth } = await import('./bench/growth.mjs');
  await dropDatabase(growthEnv.DATABASE_URL);
  await setup(growthEnv, { log: () => undefined, build: false });
  results.growth = await benchGrowth({
    env: growthEnv,
    rows: Number(values['growth-rows'] ?? 1_000_000),
    log,
    logDir,
  });
}
const { deleteRunResources } = await import('./lib/kafka-run-resources.mjs');
await deleteRunResources(env.KAFKA_TOPIC_PREFIX);

mkdirSync(`${ROOT}/.cache/bench`, { recursive: true });
writeFileSync(`${ROOT}/.cache/bench/results.json`, JSON.stringify(results, null, 2));
const { summarizeReads } = await import('./bench/reads.mjs');
const { summarizeMoneyPath } = await import('./bench/money-path-summary.mjs');
const { summarizeBulkImport } = await import('./bench/bulk-import.mjs');
const { summarizeGrowth } = await import('./bench/growth.mjs');
const { summarizeExport } = await import('./bench/export.mjs');
const { summarizeTracing } = await import('./bench/tracing.mjs');
const { summarizeConsole } = await import('./bench/console.mjs');
console.log('\nBenchmark results (2-core machine, every app, Kafka, PostgreSQL and Redis on it):');
console.log(
  `  CPU probe before the load: ${results.cpuProbeMs} ms (machines of one kind, even one machine over a day, differ; compare runs by it)`,
);
if (results.startSeconds)
  console.log(`  start from a built tree to ready: ${results.startSeconds.toFixed(1)} s`);
for (const line of [
  ...(results.reads ? summarizeReads(results.reads) : []),
  ...(results.money ? summarizeMoneyPath(results.money) : []),
  ...(results.quotes ? summarizeMoneyPath(results.quotes) : []),
  ...(results.incoming ? summarizeMoneyPath(results.incoming) : []),
  ...(results.export ? summarizeExport(results.export) : []),
  ...(results.console ? summarizeConsole(results.console) : []),
  ...(results.bulkImport ? summarizeBulkImport(results.bulkImport) : []),
  ...(results.tracing ? summarizeTracing(results.tracing) : []),
  ...(results.growth ? summarizeGrowth(results.growth) : []),
  ...(results.profile ?? []),
]) {
  console.log(`  ${line}`);
}

/**
 * A fixed single-threaded workload (hashing and JSON, as a request does), timed before any load: the
 * shared hosts of this kind run the same code two or three times slower at busy hours.
 */
function cpuProbeMs() {
  const startedAt = performance.now();
  const payload = JSON.stringify({ id: 'Customer:0', amount: 1234, currency: 'USD', tags: ['a', 'b', 'c'] });
  for (let round = 0; round < 200_000; round++) {
    createHash('sha256').update(payload).update(String(round)).digest('hex');
    JSON.parse(payload);
  }
  return Math.round(performance.now() - startedAt);
}

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        only: { type: 'string' },
        duration: { type: 'string' },
        warmup: { type: 'string' },
        'growth-rows': { type: 'string' },
        'export-rows': { type: 'string' },
        'tracing-rounds': { type: 'string' },
        profile: { type: 'boolean' },
      },
    });
    for (const part of values.only?.split(',') ?? [])
      if (!PARTS.includes(part)) throw new Error(`unknown part '${part}'`);
    if (values.duration !== undefined && !(Number(values.duration) > 0))
      throw new Error('--duration must be a positive number');
    if (values.warmup !== undefined && !(Number(values.warmup) >= 0))
      throw new Error('--warmup must be zero or more');
    // The growth starts from 1,000 rows per resource.
    const growthRows = Number(values['growth-rows'] ?? 1_000_000);
    if (!Number.isInteger(growthRows) || growthRows <= 1_000)
      throw new Error('--growth-rows must be a whole number above 1000');
    const exportRows = Number(values['export-rows'] ?? 1_000_000);
    if (!Number.isInteger(exportRows) || exportRows < 1)
      throw new Error('--export-rows must be a positive whole number');
    const tracingRounds = Number(values['tracing-rounds'] ?? 2);
    if (!Number.isInteger(tracingRounds) || tracingRounds < 1)
      throw new Error('--tracing-rounds must be a positive whole number');
    return values;
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
}
