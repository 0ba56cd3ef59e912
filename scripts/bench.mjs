// `npm run bench`: starts the whole service on its own ports, database and topic prefix, then prints
// the figures each issue asks for. Every load runs on this machine against loopback only, bounded
// in time. `--only reads|money|quotes` runs one part; `--duration S` shortens the money path's 60 s.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/apps.mjs';
import { freeBasePort, stackEnvironment, startStack } from './lib/stack.mjs';
import { setup } from './setup.mjs';

const { values } = parseArgs({ options: { only: { type: 'string' }, duration: { type: 'string' } } });
const runs = (part) => !values.only || values.only === part;
const BENCH_BASE_PORT = 28080;
const log = (line) => console.log(`[bench] ${line}`);

const env = {
  ...process.env,
  ...stackEnvironment(await freeBasePort(BENCH_BASE_PORT)),
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/payments_bench',
  KAFKA_TOPIC_PREFIX: `bench-${randomBytes(4).toString('hex')}.`,
  LOG_LEVEL: 'warn',
};

await setup(env, { log, build: true });
await (await import('./lib/infra.mjs')).dropDatabase(env.DATABASE_URL);

const startedAt = Date.now();
await setup(env, { log: () => undefined, build: false });
const stack = await startStack(env, { logDir: `${ROOT}/.cache/bench/logs`, log });
const results = { startSeconds: (Date.now() - startedAt) / 1000 };
log(
  `service ready in ${results.startSeconds.toFixed(1)} s from a built tree (migrations on an empty database included)`,
);

const { BenchApi } = await import('./bench/api.mjs');
const { benchReads, summarizeReads } = await import('./bench/reads.mjs');
const { benchMoneyPath, summarizeMoneyPath } = await import('./bench/money-path.mjs');
const gatewayUrl = `http://127.0.0.1:${env.GATEWAY_PORT}`;
try {
  const { bootstrapPlatform } = await import('./bootstrap.mjs');
  const platform = await bootstrapPlatform('bench', env);
  const api = new BenchApi(gatewayUrl, platform.sandbox);
  if (runs('reads')) results.reads = await benchReads({ api, gatewayUrl, durationSeconds: 20, log });
  for (const [part, scenario] of [
    ['money', 'transfer-out'],
    ['quotes', 'quotes'],
  ]) {
    if (!runs(part)) continue;
    results[part] = await benchMoneyPath({ api, env, durationSeconds: Number(values.duration ?? 60), log, root: ROOT, scenario });
  }
  await api.close();
} finally {
  await stack.stop();
}

mkdirSync(`${ROOT}/.cache/bench`, { recursive: true });
writeFileSync(`${ROOT}/.cache/bench/results.json`, JSON.stringify(results, null, 2));
console.log('\nBenchmark results (2-core machine, every app, Kafka, PostgreSQL and Redis on it):');
console.log(`  start from a built tree to ready: ${results.startSeconds.toFixed(1)} s`);
for (const line of [
  ...(results.reads ? summarizeReads(results.reads) : []),
  ...(results.money ? summarizeMoneyPath(results.money) : []),
  ...(results.quotes ? summarizeMoneyPath(results.quotes) : []),
]) {
  console.log(`  ${line}`);
}
