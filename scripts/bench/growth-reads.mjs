// The reads the growth benchmark times through the gateway at each size of the history: each read by
// id (ids drawn at random from the whole history) and each list's first page with the common
// filters, one request at a time; then GET /transactions/{id} under load.
import autocannon from 'autocannon';
import { percentile } from './api.mjs';
import { describeHostCpu, hostCpuMeter } from './host-cpu.mjs';
import { API_PREFIX } from '../lib/api-version.mjs';

const WARMUP_REQUESTS = 20;
const SAMPLES = 200;
/** A read slower than this per request is sampled fewer times: its p99 is then its slowest few. */
const READ_BUDGET_MS = 30_000;
const CONNECTIONS = 50;
const LOAD_SECONDS = 20;
const LOAD_WARMUP_SECONDS = 3;
/** The targets of issue 20. */
const MAX_P50_RATIO = 1.5;
const MIN_REQUESTS_PER_SECOND = 3_000;
const MAX_P99_MS = 25;

/**
 * Each read and the paths it cycles through. `ids` are API ids sampled from the history; `sender`
 * is a customer with payments, quotes and accounts; `window` brackets the oldest payments.
 */
export function growthReads({ ids, sender, window }) {
  const byId = (path, list) => list.map((id) => `${path}/${id}`);
  const dates = `startDate=${encodeURIComponent(window.from)}&endDate=${encodeURIComponent(window.to)}`;
  return [
    ['GET /transactions/{id}', byId('/transactions', ids.transactions)],
    ['GET /quotes/{id}', byId('/quotes', ids.quotes)],
    ['GET /customers/{id}', byId('/customers', ids.customers)],
    ['GET /tokens/{id}', byId('/tokens', ids.tokens)],
    ['GET /customers/bulk/jobs/{id}', byId('/customers/bulk/jobs', ids.jobs)],
    ['GET /transactions', ['/transactions']],
    ['GET /transactions?customerId', [`/transactions?customerId=${sender}`]],
    ['GET /transactions?status=PENDING', ['/transactions?status=PENDING']],
    ['GET /transactions?type=INCOMING', ['/transactions?type=INCOMING']],
    ['GET /transactions?startDate&endDate', [`/transactions?${dates}`]],
    ['GET /transactions?sortOrder=asc', ['/transactions?sortOrder=asc']],
    ['GET /quotes', ['/quotes']],
    ['GET /quotes?customerId', [`/quotes?customerId=${sender}`]],
    ['GET /customers', ['/customers']],
    ['GET /customers/internal-accounts', ['/customers/internal-accounts']],
    ['GET /customers/internal-accounts?customerId', [`/customers/internal-accounts?customerId=${sender}`]],
    ['GET /customers/external-accounts', ['/customers/external-accounts']],
    ['GET /customers/external-accounts?customerId', [`/customers/external-accounts?customerId=${sender}`]],
    ['GET /tokens', ['/tokens']],
  ].map(([name, paths]) => ({ name, paths }));
}

/**
 * p50 and p99 of each read, one request at a time after a short warm-up. The reads take turns, a
 * request each, so that a burst of other work on the machine falls on all of them alike rather than
 * on whichever read it coincided with; a non-2xx answer is counted.
 */
export async function measureReads(api, reads, log) {
  for (const { paths } of reads)
    for (let index = 0; index < WARMUP_REQUESTS; index++) await api.call('GET', paths[index % paths.length]);
  const sampled = reads.map((read) => ({
    ...read,
    latencies: /** @type {number[]} */ ([]),
    spentMs: 0,
    non2xx: 0,
  }));
  const hostCpuOfReads = hostCpuMeter();
  for (let round = 0; round < SAMPLES; round++) {
    for (const read of sampled) {
      if (round >= WARMUP_REQUESTS && read.spentMs > READ_BUDGET_MS) continue;
      const startedAt = performance.now();
      const { status } = await api.call('GET', read.paths[round % read.paths.length]);
      const latency = performance.now() - startedAt;
      read.latencies.push(latency);
      read.spentMs += latency;
      if (status >= 300) read.non2xx++;
    }
  }
  const results = {};
  for (const { name, latencies, non2xx } of sampled) {
    latencies.sort((a, b) => a - b);
    results[name] = {
      samples: latencies.length,
      p50Ms: round(percentile(latencies, 0.5)),
      p99Ms: round(percentile(latencies, 0.99)),
      non2xx,
    };
    log(
      `${name}: p50 ${results[name].p50Ms} ms, p99 ${results[name].p99Ms} ms (${latencies.length} requests, non-2xx ${non2xx})`,
    );
  }
  return { reads: results, hostCpu: hostCpuOfReads.stop() };
}

/** GET /transactions/{id} by CONNECTIONS clients, each request for an id drawn at random from `transactionIds`. */
export async function measureByIdLoad({ api, gatewayUrl, transactionIds, log }) {
  const options = {
    url: gatewayUrl,
    headers: { authorization: api.authorization },
    connections: CONNECTIONS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `${API_PREFIX}/transactions/${transactionIds[Math.floor(Math.random() * transactionIds.length)]}`,
        }),
      },
    ],
  };
  await autocannon({ ...options, duration: LOAD_WARMUP_SECONDS });
  const hostCpuOfLoad = hostCpuMeter();
  const result = await autocannon({ ...options, duration: LOAD_SECONDS });
  const load = {
    connections: CONNECTIONS,
    durationSeconds: LOAD_SECONDS,
    requestsPerSecond: Math.round(result.requests.total / LOAD_SECONDS),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    hostCpu: hostCpuOfLoad.stop(),
  };
  log(
    `GET /transactions/{id} under load: ${load.requestsPerSecond} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, non-2xx ${load.non2xx}`,
  );
  return load;
}

/** The table of issue 20: each read at both sizes with its verdict, then the load. */
export function summarizeReadGrowth({ small, large, load }) {
  const header = `${'read'.padEnd(46)} ${cells(['p50 @1k', `p50 @${large.rowsLabel}`, 'ratio', 'p99 @1k', `p99 @${large.rowsLabel}`])}  verdict`;
  const lines = [header];
  for (const [name, before] of Object.entries(small.reads)) {
    const after = large.reads[name];
    const ratio = before.p50Ms > 0 ? after.p50Ms / before.p50Ms : Infinity;
    const failed = before.non2xx + after.non2xx > 0 ? `, ${before.non2xx + after.non2xx} non-2xx` : '';
    const verdict = `${ratio <= MAX_P50_RATIO && !failed ? 'meets' : 'MISSES'} ≤${MAX_P50_RATIO}×${failed}`;
    lines.push(
      `${name.padEnd(46)} ${cells([before.p50Ms, after.p50Ms, ratio.toFixed(2), before.p99Ms, after.p99Ms])}  ${verdict}`,
    );
  }
  const loadVerdict =
    load.requestsPerSecond >= MIN_REQUESTS_PER_SECOND && load.p99Ms < MAX_P99_MS && load.non2xx === 0
      ? 'meets'
      : 'MISSES';
  lines.push(
    ...readsHostCpu('1k', small.readsHostCpu),
    ...readsHostCpu(large.rowsLabel, large.readsHostCpu),
    `GET /transactions/{id} at ${large.rowsLabel}, ${load.connections} connections, random ids: ${load.requestsPerSecond} req/s, ` +
      `p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, non-2xx ${load.non2xx} (${loadVerdict} ≥${MIN_REQUESTS_PER_SECOND} req/s, p99 < ${MAX_P99_MS} ms)`,
    ...describeHostCpu(load.hostCpu),
  );
  return lines;
}

/** One request at a time keeps about one core busy: much more means other work shared the machine. */
const readsHostCpu = (label, hostCpu) =>
  hostCpu
    ? [
        `host CPU during the reads at ${label}: busy ${hostCpu.busyPercent}%, stolen by the hypervisor ${hostCpu.stealPercent}%`,
      ]
    : [];
const cells = (values) => values.map((value) => String(value).padStart(9)).join(' ');
const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
