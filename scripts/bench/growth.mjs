// The growth benchmark (issue 20): one platform's history grown from 1,000 to `rows` rows per
// resource through the apps' own write paths (growth-seed.mjs), and at both sizes each read by id
// and each list's first page timed through the gateway; at the large size, GET /transactions/{id}
// under load, the background claims' statements, `npm run ledger:check` with transfers made while it
// runs, and the database's size per schema. docs/performance.md, "Cost as the data grows".
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { promisify } from 'node:util';
import pg from 'pg';
import { ROOT } from '../lib/apps.mjs';
import { WIDE_CURRENCIES } from '../lib/fixtures.mjs';
import { startStack } from '../lib/stack.mjs';
import { bootstrapPlatform } from '../bootstrap.mjs';
import { BenchApi, percentile, waitUntil } from './api.mjs';
import { countRows, sampleIds, schemaSizes, settle, timeClaim } from './growth-database.mjs';
import { growthReads, measureByIdLoad, measureReads, summarizeReadGrowth } from './growth-reads.mjs';
import { importCustomers, prepareSenders, seedPayments, templatePayment } from './growth-seed.mjs';
import { appCode, openAppStores } from './growth-stores.mjs';

const SMALL = 1_000;
const SENDERS = 50;
const IDS_PER_READ = 200;
const IDS_UNDER_LOAD = 10_000;
const TRANSFERS_BEFORE_CHECK = 5;
const TRANSFER_AMOUNT = 100;
const MAX_ROWS_PER_UPLOAD = 1_000_000;

export async function benchGrowth({ env, rows, log, logDir }) {
  const endpoint = await startEndpoint();
  const stack = await startStack(env, { logDir, log });
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  const platform = await bootstrapPlatform('growth', env);
  const api = new BenchApi(`http://127.0.0.1:${env.GATEWAY_PORT}`, platform.sandbox);
  const code = appCode();
  /** @type {Awaited<ReturnType<typeof openAppStores>> | undefined} */
  let app;
  try {
    await client.connect();
    app = await openAppStores(env.DATABASE_URL, `${env.KAFKA_TOPIC_PREFIX}growth-seed.`);
    await api.must('PATCH', '/config', {
      webhookEndpoint: endpoint.url,
      supportedCurrencies: WIDE_CURRENCIES,
    });
    const history = { api, app, code, client, env, platform, log, endpointUrl: endpoint.url, jobIds: [] };
    const customers = await grow(history, { label: 'growth-a', customers: SMALL, totalCustomers: SMALL });
    const senders = await prepareSenders(api, { label: 'growth-a0', count: SENDERS });
    const template = await templatePayment(api, app, code, senders[0]);
    const seeding = { template, senders };
    const window = { from: new Date().toISOString(), to: '' };
    const smallHistory = await seedAndMeasure(history, seeding, SMALL, { label: '1k' });
    window.to = new Date().toISOString();
    const readsAt = async () => {
      const reads = growthReads({
        ids: await readIds(history, IDS_PER_READ),
        sender: senders[1].customerId,
        window,
      });
      const { reads: figures, hostCpu } = await measureReads(api, reads, log);
      return { reads: figures, readsHostCpu: hostCpu };
    };
    const small = { customers, ...smallHistory, ...(await readsAt()) };
    log(`growing the history to ${rows} rows per resource`);
    const largeCustomers = await grow(history, {
      label: 'growth-b',
      customers: rows - SMALL,
      totalCustomers: rows,
    });
    const largeHistory = await seedAndMeasure(history, seeding, rows - SMALL, { label: rowsLabel(rows) });
    const large = { customers: largeCustomers, ...largeHistory, ...(await readsAt()) };
    const loadIds = (await readIds(history, IDS_UNDER_LOAD)).transactions;
    const load = await measureByIdLoad({
      api,
      gatewayUrl: `http://127.0.0.1:${env.GATEWAY_PORT}`,
      transactionIds: loadIds,
      log,
    });
    const claims = [];
    for (const claim of app.claims) claims.push(await timeClaim(claim));
    for (const claim of claims)
      log(
        `${claim.name}: ${claim.medianMs} ms (EXPLAIN ANALYZE: planning ${claim.planningMs} ms, execution ${claim.executionMs} ms, ${claim.pages} pages)`,
      );
    const ledgerCheck = await ledgerCheckUnderWrites(api, env, senders[0], log);
    return { rows, small, large, load, claims, ledgerCheck };
  } finally {
    await app?.close();
    await client.end();
    await api.close();
    await stack.stop();
    await endpoint.close();
  }
}

/**
 * Customers through the bulk CSV import, in uploads of at most the import's default row limit
 * (BULK_MAX_ROWS), then the ledger's accounts for them (one per currency).
 */
async function grow({ api, env, platform, log, jobIds }, { label, customers, totalCustomers }) {
  const startedAt = Date.now();
  for (let upload = 0; upload * MAX_ROWS_PER_UPLOAD < customers; upload++) {
    const jobId = await importCustomers({
      api,
      env,
      platformId: platform.platformId,
      label: `${label}${upload}`,
      rows: Math.min(MAX_ROWS_PER_UPLOAD, customers - upload * MAX_ROWS_PER_UPLOAD),
      accountsExpected:
        (totalCustomers - customers + Math.min(customers, (upload + 1) * MAX_ROWS_PER_UPLOAD)) *
        WIDE_CURRENCIES.length,
      log,
    });
    jobIds.push(jobId);
  }
  return { rows: customers, seconds: Math.round((Date.now() - startedAt) / 100) / 10 };
}

/** Seeds `count` payments, lets the outboxes drain and the tables be analyzed, then counts and sizes. */
async function seedAndMeasure(
  { app, code, client, log, endpointUrl },
  { template, senders },
  count,
  { label },
) {
  const startedAt = Date.now();
  const seconds = await seedPayments(app, code, { template, senders, count, endpointUrl, log });
  const paymentsSeconds = Math.round((Date.now() - startedAt) / 100) / 10;
  const settled = await settle(client, log);
  const counts = await countRows(client);
  log(
    `at ${label}: ${Object.entries(counts)
      .map(([resource, rowCount]) => `${rowCount} ${resource}`)
      .join(', ')}`,
  );
  return {
    rowsLabel: label,
    payments: { count, seconds: paymentsSeconds, perResource: seconds },
    settled,
    counts,
    sizes: await schemaSizes(client),
  };
}

/** API ids drawn from the whole history, `count` of each resource read by id. */
async function readIds({ api, client, code, platform, jobIds }, count) {
  const platformUuid = code.contracts.uuidOf('Platform', platform.platformId);
  const sample = async (table, kind) =>
    (await sampleIds(client, table, platformUuid, count)).map((id) => code.contracts.toApiId(kind, id));
  return {
    transactions: await sample('transfers.transactions', 'Transaction'),
    quotes: await sample('quoting.quotes', 'Quote'),
    customers: await sample('customers.customers', 'Customer'),
    tokens: (await api.must('GET', '/tokens')).data.map((token) => token.id),
    jobs: jobIds,
  };
}

/**
 * How long `npm run ledger:check` takes over the whole ledger, and whether the money path waits for
 * it: transfers-out made one after another while it runs, against a few made just before.
 */
async function ledgerCheckUnderWrites(api, env, sender, log) {
  const [usAccount] = (
    await api.must('GET', `/customers/external-accounts?customerId=${sender.customerId}&currency=USD`)
  ).data;
  const transferOut = async () => {
    const startedAt = performance.now();
    const { id } = await api.must('POST', '/transfer-out', {
      source: { accountId: sender.internalAccountId },
      destination: { accountId: usAccount.id },
      amount: TRANSFER_AMOUNT,
    });
    const acceptedMs = performance.now() - startedAt;
    await waitUntil(
      async () => (await api.must('GET', `/transactions/${id}`)).status === 'COMPLETED',
      60_000,
      'a transfer-out',
    );
    return { acceptedMs, completedMs: performance.now() - startedAt };
  };
  const before = [];
  for (let index = 0; index < TRANSFERS_BEFORE_CHECK; index++) before.push(await transferOut());
  const startedAt = performance.now();
  let running = true;
  const check = promisify(execFile)(process.execPath, [`${ROOT}/scripts/ledger-check.mjs`], {
    env,
    maxBuffer: 1 << 20,
  })
    .then(({ stdout }) => ({ passed: true, report: stdout.trim() }))
    .catch((error) => ({ passed: false, report: `${error.stdout ?? ''}${error.stderr ?? ''}`.trim() }))
    .finally(() => (running = false));
  const during = [];
  while (running) during.push(await transferOut());
  const { passed, report } = await check;
  const result = {
    seconds: Math.round((performance.now() - startedAt) / 100) / 10,
    passed,
    verdict: report.split('\n').at(-1),
    before: latencies(before),
    during: latencies(during),
  };
  log(
    `ledger:check ${passed ? 'passed' : 'FAILED'} in ${result.seconds} s; ${during.length} transfers-out meanwhile`,
  );
  return result;
}

function latencies(transfers) {
  const sorted = (key) => transfers.map((transfer) => transfer[key]).sort((a, b) => a - b);
  const figures = (values) => ({
    p50Ms: Math.round(percentile(values, 0.5) ?? 0),
    maxMs: Math.round(values.at(-1) ?? 0),
  });
  return {
    count: transfers.length,
    accepted: figures(sorted('acceptedMs')),
    completed: figures(sorted('completedMs')),
  };
}

/** The platform's webhook endpoint: answers 200 at once, as a platform that keeps up does. */
function startEndpoint() {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${port}/webhooks`,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}

const rowsLabel = (rows) => (rows % 1_000_000 === 0 ? `${rows / 1_000_000}M` : `${Math.round(rows / 1000)}k`);

export function summarizeGrowth({ rows, small, large, load, claims, ledgerCheck }) {
  const mib = (bytes) => `${Math.round(bytes / 1024 ** 2)} MiB`;
  const seeding = (point) => {
    const perResource = Object.entries(point.payments.perResource).map(
      ([resource, seconds]) => `${resource} ${Math.round(seconds)} s`,
    );
    return (
      `  seeding to ${point.rowsLabel}: ${point.customers.rows} customers by bulk import in ${point.customers.seconds} s; ` +
      `${point.payments.count} payments in ${point.payments.seconds} s (${perResource.join(', ')}); ` +
      `outboxes drained ${point.settled.relaySeconds} s later, VACUUM ANALYZE ${point.settled.vacuumSeconds} s`
    );
  };
  const counted = (point) =>
    Object.entries(point.counts)
      .map(([resource, count]) => `${count} ${resource}`)
      .join(', ');
  const sized = (point) =>
    Object.entries(point.sizes)
      .map(([schema, bytes]) => `${schema} ${mib(bytes)}`)
      .join(', ');
  const total = (point) => mib(Object.values(point.sizes).reduce((sum, bytes) => sum + bytes, 0));
  const transfers = ({ count, accepted, completed }) =>
    `${count} transfers-out accepted p50 ${accepted.p50Ms} ms (max ${accepted.maxMs}), COMPLETED p50 ${completed.p50Ms} ms (max ${completed.maxMs})`;
  return [
    `growth of one platform's history to ${rows} rows per resource (postings: two per payment):`,
    seeding(small),
    seeding(large),
    `  rows at 1k: ${counted(small)}`,
    `  rows at ${large.rowsLabel}: ${counted(large)}`,
    ...summarizeReadGrowth({ small, large, load }).map((line) => `  ${line}`),
    ...claims.map(
      (claim) =>
        `  ${claim.name} at ${large.rowsLabel}: ${claim.medianMs} ms (planning ${claim.planningMs} ms, execution ${claim.executionMs} ms, ${claim.pages} pages)`,
    ),
    `  ledger:check at ${large.counts.postings} postings: ${ledgerCheck.seconds} s, ${ledgerCheck.passed ? 'passed' : 'FAILED'} (${ledgerCheck.verdict})`,
    `    before it: ${transfers(ledgerCheck.before)}; while it ran: ${transfers(ledgerCheck.during)}`,
    `  database at 1k: ${total(small)} (${sized(small)})`,
    `  database at ${large.rowsLabel}: ${total(large)} (${sized(large)})`,
  ];
}
