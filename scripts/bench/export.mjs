// The reconciliation export at scale (docs/performance.md, "Streaming exports"): a million
// transactions with their status history and ledger postings are written straight into the bench
// stack's database by SQL (the API would take hours to make them), then GET /reports/transactions
// streams them through the gateway while the transfers and gateway processes' memory is sampled.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { Pool } from 'undici';
import { API_PREFIX } from '../lib/api-version.mjs';

const SEED_CHUNK = 100_000;
const SAMPLE_MS = 100;

/** Seeds `rows` completed deposits to the platform's own USD account, exports them, and measures. */
export async function benchExport({ api, env, gatewayUrl, platform, stack, rows, log }) {
  const accountId = await platformUsdAccount(api);
  // One real deposit opens the ledger's system accounts the seeded postings need.
  await api.must('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: 1_000 });
  const base = new Date(Date.now() - 86_400_000);
  const seedStarted = Date.now();
  await seed({ databaseUrl: env.DATABASE_URL, platformId: platform.platformId, accountId, rows, base, log });
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  log(`export: seeded ${rows} transactions with history and postings in ${seedSeconds.toFixed(0)} s`);

  const pids = { transfers: pidOf(stack, 'transfers'), gateway: pidOf(stack, 'gateway') };
  const peak = { transfers: 0, gateway: 0 };
  const before = { transfers: rssMb(pids.transfers), gateway: rssMb(pids.gateway) };
  const sampler = setInterval(() => {
    for (const app of Object.keys(pids)) peak[app] = Math.max(peak[app], rssMb(pids[app]));
  }, SAMPLE_MS);
  try {
    const query = new URLSearchParams({
      startDate: base.toISOString(),
      endDate: new Date(base.getTime() + rows + 60_000).toISOString(),
      format: 'csv',
    });
    const result = await download(
      gatewayUrl,
      platform.sandbox,
      `${API_PREFIX}/reports/transactions?${query}`,
    );
    // Header line, then one line per transaction (the funding deposit is outside the window).
    if (result.lines - 1 !== rows)
      throw new Error(`the export had ${result.lines - 1} rows, expected ${rows}`);
    log(
      `export: ${rows} rows in ${result.seconds.toFixed(1)} s (${Math.round(rows / result.seconds)} rows/s, ` +
        `${(result.bytes / 1e6).toFixed(0)} MB, first byte after ${result.firstByteSeconds.toFixed(2)} s); ` +
        `RSS transfers ${before.transfers} → peak ${peak.transfers} MB, gateway ${before.gateway} → peak ${peak.gateway} MB`,
    );
    return { rows, seedSeconds, ...result, rssBeforeMb: before, rssPeakMb: peak };
  } finally {
    clearInterval(sampler);
  }
}

export function summarizeExport(result) {
  return [
    `export of ${result.rows} transactions (CSV, through the gateway): ${result.seconds.toFixed(1)} s, ` +
      `${Math.round(result.rows / result.seconds)} rows/s, ${(result.bytes / 1e6).toFixed(0)} MB, ` +
      `first byte ${result.firstByteSeconds.toFixed(2)} s; peak RSS transfers ${result.rssPeakMb.transfers} MB ` +
      `(${result.rssBeforeMb.transfers} before), gateway ${result.rssPeakMb.gateway} MB (${result.rssBeforeMb.gateway} before)`,
  ];
}

async function platformUsdAccount(api) {
  const { data } = await api.must('GET', '/platform/internal-accounts?currency=USD');
  if (!data[0]) throw new Error('the bench platform has no USD internal account');
  return data[0].id;
}

/**
 * Each chunk in one statement per table: transactions (INCOMING, COMPLETED, 1 ms apart), their
 * PENDING → COMPLETED history, a DEPOSIT posting each with its two entries; the accounts' balances
 * then move by what the entries add up to, so `npm run ledger:check` still passes.
 */
async function seed({ databaseUrl, platformId, accountId, rows, base, log }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const platformUuid = platformId.replace(/^Platform:/, '');
    const internalUuid = accountId.replace(/^InternalAccount:/, '');
    const {
      rows: [{ external }],
    } = await client.query(
      `SELECT id AS external FROM ledger.accounts
        WHERE platform_id = $1 AND environment = 'SANDBOX' AND kind = 'EXTERNAL_SETTLEMENT' AND currency = 'USD'`,
      [platformId],
    );
    for (let first = 1; first <= rows; first += SEED_CHUNK) {
      const last = Math.min(rows, first + SEED_CHUNK - 1);
      await client.query('BEGIN');
      await client.query(
        `WITH made AS (
           INSERT INTO transfers.transactions
             (id, platform_id, environment, type, status, source_type, source_currency, destination_type,
              destination_account_id, destination_currency, sent_amount, received_amount, reference,
              settled_at, created_at, updated_at)
           SELECT gen_random_uuid(), $1, 'SANDBOX', 'INCOMING', 'COMPLETED', 'REALTIME_FUNDING', 'USD', 'ACCOUNT',
                  $2, 'USD', 100 + n % 9000, 100 + n % 9000, 'BENCH-' || $5 || '-' || n,
                  $3::timestamptz + n * interval '1 ms', $3::timestamptz + n * interval '1 ms',
                  $3::timestamptz + n * interval '1 ms'
             FROM generate_series($4::int, $6::int) AS n
           RETURNING id, sent_amount, created_at
         ), history AS (
           INSERT INTO transfers.transaction_status_history (transaction_id, from_status, to_status, at, reason)
           SELECT id, 'PENDING', 'COMPLETED', created_at, 'Settled by the rail' FROM made
         ), posted AS (
           INSERT INTO ledger.postings
             (id, transaction_id, kind, platform_id, environment, internal_account_id, amount, currency, balance_after, created_at)
           SELECT gen_random_uuid(), 'Transaction:' || id, 'DEPOSIT', $7, 'SANDBOX', $8, sent_amount, 'USD', sent_amount, created_at
             FROM made
           RETURNING id, amount
         )
         INSERT INTO ledger.entries (posting_id, account_id, amount, currency)
         SELECT id, $8, amount, 'USD' FROM posted
         UNION ALL
         SELECT id, $9, -amount, 'USD' FROM posted`,
        [platformUuid, accountId, base, first, base.getTime(), last, platformId, internalUuid, external],
      );
      // The chunk's amounts, as the insert made them: the internal account gains them, the settlement account gives them.
      await client.query(
        `WITH chunk AS (SELECT sum(100 + n % 9000) AS sum FROM generate_series($1::int, $2::int) AS n)
         UPDATE ledger.accounts SET balance = balance + CASE WHEN id = $3 THEN chunk.sum ELSE -chunk.sum END
           FROM chunk WHERE id IN ($3, $4)`,
        [first, last, internalUuid, external],
      );
      await client.query('COMMIT');
      log(`export: seeded ${last} of ${rows}`);
    }
    await client.query(
      'ANALYZE transfers.transactions, transfers.transaction_status_history, ledger.postings, ledger.entries',
    );
  } finally {
    await client.end();
  }
}

/** Streams the answer, counting lines and bytes without keeping them. */
async function download(gatewayUrl, credentials, path) {
  const pool = new Pool(gatewayUrl, { connections: 1 });
  const authorization = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
  const started = performance.now();
  try {
    const response = await pool.request({
      method: 'GET',
      path,
      headers: { authorization },
      bodyTimeout: 120_000,
      headersTimeout: 120_000,
    });
    if (response.statusCode !== 200)
      throw new Error(`the export answered ${response.statusCode}: ${await response.body.text()}`);
    let lines = 0;
    let bytes = 0;
    let firstByteSeconds;
    for await (const chunk of response.body) {
      firstByteSeconds ??= (performance.now() - started) / 1000;
      bytes += chunk.length;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines++;
    }
    return {
      lines,
      bytes,
      seconds: (performance.now() - started) / 1000,
      firstByteSeconds: firstByteSeconds ?? 0,
    };
  } finally {
    await pool.close();
  }
}

function pidOf(stack, name) {
  const entry = stack.children.find((child) => child.name === name);
  if (!entry?.child?.pid) throw new Error(`no running ${name} in the bench stack`);
  return entry.child.pid;
}

/** The process's resident set size now, in MB. */
function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}
