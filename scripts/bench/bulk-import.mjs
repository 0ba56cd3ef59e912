// The bulk import: a generated CSV of 100,000 customers (a quarter with a US bank account) uploaded
// through the gateway, once with one worker replica and once with two, each on a stack of its own.
// Measures the upload, the time to COMPLETED, rows/s and each worker's peak RSS, then waits for the
// ledger to open every customer's internal account (asynchronous, from the customer events).
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import pg from 'pg';
import { Pool } from 'undici';
import { startStack } from '../lib/stack.mjs';
import { bootstrapPlatform } from '../bootstrap.mjs';
import { describeHostCpu, hostCpuMeter } from './host-cpu.mjs';
import { API_PREFIX } from '../lib/api-version.mjs';

const ROWS = 100_000;
const JOB_TIMEOUT_MS = 300_000;
const LEDGER_TIMEOUT_MS = 600_000;
const HEADER =
  'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country,email,nationality,accountType,accountNumber,routingNumber,accountCategory,bankName';

export async function benchBulkImport({ env, log, logDir, replicaCounts = [1, 2] }) {
  const runs = [];
  for (const replicas of replicaCounts) {
    log(`bulk import of ${ROWS} rows with ${replicas} worker replica(s): starting a stack`);
    const stack = await startStack(env, { logDir, log, replicas: { 'bulk-import-worker': replicas } });
    try {
      const label = `bench-bulk-${replicas}-${Date.now()}`;
      const platform = await bootstrapPlatform(label, env);
      const gateway = new Pool(`http://127.0.0.1:${env.GATEWAY_PORT}`, { connections: 4 });
      const authorization = `Basic ${Buffer.from(`${platform.sandbox.clientId}:${platform.sandbox.clientSecret}`).toString('base64')}`;
      try {
        const hostCpuOfImport = hostCpuMeter();
        const { startedAt, ...imported } = await importCustomersCsv({
          gateway,
          authorization,
          label,
          rows: ROWS,
          log,
        });
        const hostCpu = hostCpuOfImport.stop();
        const workers = stack.children.filter(({ name }) => name.startsWith('bulk-import-worker'));
        const workersPeakRssMb = workers.map(({ child }) => peakRssMb(child.pid));
        const ledgerCaughtUpSeconds = await ledgerCatchUp(
          env.DATABASE_URL,
          platform.platformId,
          startedAt,
          ROWS,
        );
        const run = { ...imported, hostCpu, peakRssMb: workersPeakRssMb, ledgerCaughtUpSeconds, replicas };
        log(
          `${replicas} replica(s): upload ${run.uploadSeconds} s, completed after ${run.totalSeconds} s, ${run.rowsPerSecond} rows/s, ` +
            `peak RSS per worker ${run.peakRssMb.join(', ')} MB; ledger had every internal account after ${run.ledgerCaughtUpSeconds} s`,
        );
        runs.push(run);
      } finally {
        await gateway.close();
      }
    } finally {
      await stack.stop();
    }
  }
  return { rows: ROWS, runs };
}

/**
 * Uploads `rows` generated customers (labelled `<label>-<index>`) through the gateway and waits for
 * the job to end; the growth benchmark (growth-seed.mjs) imports its customers with it too.
 */
export async function importCustomersCsv({ gateway, authorization, label, rows, log }) {
  const boundary = `----bench${Date.now()}`;
  const startedAt = Date.now();
  const timeoutMs = JOB_TIMEOUT_MS * Math.max(1, rows / ROWS);
  const umaDomain = await umaDomainOf(gateway, authorization);
  const response = await gateway.request({
    method: 'POST',
    path: `${API_PREFIX}/customers/bulk/csv`,
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.from(multipartCsv(boundary, label, rows, umaDomain)),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const accepted = JSON.parse(await response.body.text());
  if (response.statusCode !== 202)
    throw new Error(`upload answered ${response.statusCode}: ${JSON.stringify(accepted)}`);
  const uploadSeconds = seconds(Date.now() - startedAt);
  log(`upload stored in ${uploadSeconds} s as ${accepted.jobId}; waiting for COMPLETED`);
  let job;
  for (const deadline = Date.now() + timeoutMs; ;) {
    const answer = await gateway.request({
      method: 'GET',
      path: `${API_PREFIX}/customers/bulk/jobs/${accepted.jobId}`,
      headers: { authorization },
    });
    job = JSON.parse(await answer.body.text());
    if (job.status === 'COMPLETED' || job.status === 'FAILED') break;
    if (Date.now() > deadline)
      throw new Error(`job not finished after ${timeoutMs / 1000} s: ${JSON.stringify(job.progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const totalMs = Date.now() - startedAt;
  return {
    startedAt,
    jobId: accepted.jobId,
    status: job.status,
    successful: job.progress.successful,
    failed: job.progress.failed,
    uploadSeconds,
    totalSeconds: seconds(totalMs),
    rowsPerSecond: Math.round((rows * 1000) / totalMs),
  };
}

/** The platform's UMA domain: a customer's address must be on it. */
async function umaDomainOf(gateway, authorization) {
  const response = await gateway.request({
    method: 'GET',
    path: `${API_PREFIX}/config`,
    headers: { authorization },
  });
  const config = JSON.parse(await response.body.text());
  if (response.statusCode !== 200) throw new Error(`GET /config answered ${response.statusCode}`);
  return config.umaDomain;
}

/** The multipart body, generated as it is sent: the benchmark holds no more of the file than the service does. */
function* multipartCsv(boundary, label, rows, umaDomain) {
  yield `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="customers.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\n`;
  let lines = [];
  for (let index = 0; index < rows; index++) {
    const id = `${label}-${index}`;
    const bank = index % 4 === 0 ? `US_ACCOUNT,${100_000_000 + index},021000021,CHECKING,Bench Bank` : ',,,,';
    lines.push(
      `$${id}@${umaDomain},${id},INDIVIDUAL,Ada Lovelace,1990-12-10,1 Main St,Boston,MA,02101,US,ada${index}@example.com,US,${bank}`,
    );
    if (lines.length === 1000) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  if (lines.length) yield `${lines.join('\n')}\n`;
  yield `\r\n--${boundary}--\r\n`;
}

/** The highest resident set size the process reached, from the kernel's own record (VmHWM). */
function peakRssMb(pid) {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : null;
}

/** Seconds from the upload's start until the ledger holds `accounts` internal accounts of the platform's customers. */
export async function ledgerCatchUp(databaseUrl, platformId, startedAt, accounts) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const deadline = Date.now() + LEDGER_TIMEOUT_MS; Date.now() < deadline;) {
      const { rows } = await client.query(
        `SELECT count(*)::int AS opened FROM ledger.accounts WHERE platform_id = $1 AND customer_id IS NOT NULL`,
        [platformId],
      );
      if (rows[0].opened >= accounts) return seconds(Date.now() - startedAt);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return null;
  } finally {
    await client.end();
  }
}

function seconds(ms) {
  return Math.round(ms / 100) / 10;
}

export function summarizeBulkImport({ rows, runs }) {
  const [one, two] = [runs.find((run) => run.replicas === 1), runs.find((run) => run.replicas === 2)];
  const lines = runs.flatMap((run) => [
    `bulk import, ${run.replicas} replica(s)  ${String(run.rowsPerSecond).padStart(6)} rows/s  ${rows} rows in ${run.totalSeconds} s ` +
      `(upload ${run.uploadSeconds} s)  peak RSS ${run.peakRssMb.join('/')} MB  ${run.failed} failed  ledger done at ${run.ledgerCaughtUpSeconds ?? 'timeout'} s`,
    ...describeHostCpu(run.hostCpu),
  ]);
  if (one && two) {
    const gain = Math.round((two.rowsPerSecond / one.rowsPerSecond - 1) * 100);
    const verdict = two.totalSeconds < 60 && gain >= 60 ? 'meets' : 'MISSES';
    lines.push(
      `bulk import scaling: the second replica adds ${gain}% (${verdict} < 60 s with two, ≥ 60% more)`,
    );
  }
  return lines;
}
