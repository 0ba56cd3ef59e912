// Authenticated reads through the gateway: GET /config, GET /customers/{id} and GET /transactions/{id}.
import autocannon from 'autocannon';
import { individualCustomer } from '../lib/fixtures.mjs';
import { describeHostCpu, hostCpuMeter } from './host-cpu.mjs';
import { API_PREFIX } from '../lib/api-version.mjs';
import { waitUntil } from './api.mjs';

const WARMUP_S = 3;
const CONNECTIONS = 50;

export async function benchReads({ api, gatewayUrl, durationSeconds, log }) {
  const customer = await api.must('POST', '/customers', individualCustomer(`bench-reads-${Date.now()}`));
  const transactionId = await fundingTransactionOf(api, customer.id);
  const results = {};
  for (const [name, path] of [
    ['GET /config', '/config'],
    ['GET /customers/{id}', `/customers/${customer.id}`],
    ['GET /transactions/{id}', `/transactions/${transactionId}`],
  ]) {
    const url = `${gatewayUrl}${API_PREFIX}${path}`;
    const headers = { authorization: api.authorization };
    await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_S });
    const hostCpuOfLoad = hostCpuMeter();
    const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: durationSeconds });
    const hostCpu = hostCpuOfLoad.stop();
    results[name] = {
      connections: CONNECTIONS,
      durationSeconds,
      requestsPerSecond: Math.round(result.requests.total / durationSeconds),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      hostCpu,
    };
    const figures = results[name];
    log(
      `${name}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, non-2xx ${figures.non2xx}`,
    );
  }
  return results;
}

/** The INCOMING transaction of a sandbox funding of the customer's USD account (its account is opened from an event). */
async function fundingTransactionOf(api, customerId) {
  let accountId;
  await waitUntil(
    async () => {
      const page = await api.must(
        'GET',
        `/customers/internal-accounts?customerId=${customerId}&currency=USD`,
      );
      accountId = page.data[0]?.id;
      return Boolean(accountId);
    },
    20_000,
    'internal account',
  );
  await api.must('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: 10_000 });
  let transactionId;
  await waitUntil(
    async () => {
      transactionId = (await api.must('GET', `/transactions?customerId=${customerId}`)).data[0]?.id;
      return Boolean(transactionId);
    },
    20_000,
    'funding transaction',
  );
  return transactionId;
}

/** Each read's target: 3,000 req/s with p99 < 25 ms, and 5,000 req/s with p99 < 20 ms for a transaction (issue 35). */
const TARGETS = { 'GET /transactions/{id}': { requestsPerSecond: 5000, p99Ms: 20 } };
const DEFAULT_TARGET = { requestsPerSecond: 3000, p99Ms: 25 };

export function summarizeReads(reads) {
  return Object.entries(reads).flatMap(([name, read]) => {
    const target = TARGETS[name] ?? DEFAULT_TARGET;
    const verdict =
      read.requestsPerSecond >= target.requestsPerSecond && read.p99Ms < target.p99Ms && read.non2xx === 0
        ? 'meets'
        : 'MISSES';
    return [
      `${name.padEnd(22)} ${String(read.requestsPerSecond).padStart(6)} req/s  p50 ${read.p50Ms} ms  p99 ${read.p99Ms} ms  (${verdict} ≥${target.requestsPerSecond} req/s, p99 < ${target.p99Ms} ms)`,
      ...describeHostCpu(read.hostCpu),
    ];
  });
}
