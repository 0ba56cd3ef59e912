// Authenticated reads through the gateway: GET /config and GET /customers/{id}.
import autocannon from 'autocannon';
import { individualCustomer } from '../lib/fixtures.mjs';
import { describeHostCpu, hostCpuMeter } from './host-cpu.mjs';
import { API_PREFIX } from '../lib/api-version.mjs';

const WARMUP_S = 3;
const CONNECTIONS = 50;

export async function benchReads({ api, gatewayUrl, durationSeconds, log }) {
  const customer = await api.must('POST', '/customers', individualCustomer(`bench-reads-${Date.now()}`));
  const results = {};
  for (const [name, path] of [
    ['GET /config', '/config'],
    ['GET /customers/{id}', `/customers/${customer.id}`],
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

export function summarizeReads(reads) {
  return Object.entries(reads).flatMap(([name, read]) => {
    const verdict =
      read.requestsPerSecond >= 3000 && read.p99Ms < 25 && read.non2xx === 0 ? 'meets' : 'MISSES';
    return [
      `${name.padEnd(22)} ${String(read.requestsPerSecond).padStart(6)} req/s  p50 ${read.p50Ms} ms  p99 ${read.p99Ms} ms  (${verdict} ≥3000 req/s, p99 < 25 ms)`,
      ...describeHostCpu(read.hostCpu),
    ];
  });
}
