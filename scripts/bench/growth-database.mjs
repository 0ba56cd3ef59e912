// What the growth benchmark asks the database directly, reading only: whether the seeded history's
// events have left the outboxes, how many rows each resource holds, ids to read through the API,
// the size of each schema, and the time of the background claims' statements.
import { percentile } from './api.mjs';

const SETTLE_TIMEOUT_MS = 3_600_000;
const PROGRESS_EVERY_MS = 15_000;
const CLAIM_RUNS = 5;

/** Each resource of issue 20 and the table that holds it. */
const RESOURCES = {
  customers: 'customers.customers',
  transactions: 'transfers.transactions',
  quotes: 'quoting.quotes',
  postings: 'ledger.postings',
  deliveries: 'webhooks.deliveries',
  'internal accounts': 'ledger.accounts',
  'external accounts': 'customers.external_accounts',
};

/**
 * Waits until every app's outbox is published, then runs VACUUM ANALYZE, as autovacuum would in
 * production after so many writes (it is off on this machine kind, docs/performance.md): the plans
 * measured are then those of tables with statistics. Answers the seconds of each.
 */
export async function settle(client, log) {
  const { rows: schemas } = await client.query(
    `SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox'`,
  );
  const pending = `SELECT ${schemas.map(({ table_schema: schema }) => `(SELECT count(*) FROM "${schema}".outbox WHERE parked_at IS NULL)`).join(' + ')} AS left`;
  const startedAt = Date.now();
  let reportedAt = startedAt;
  for (;;) {
    const [{ left }] = (await client.query(pending)).rows;
    if (Number(left) === 0) break;
    if (Date.now() - startedAt > SETTLE_TIMEOUT_MS) throw new Error(`${left} events still in the outboxes`);
    if (Date.now() - reportedAt > PROGRESS_EVERY_MS) {
      reportedAt = Date.now();
      log(`outboxes: ${left} events left to publish`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const relaySeconds = seconds(Date.now() - startedAt);
  const vacuumStartedAt = Date.now();
  await client.query('VACUUM (ANALYZE)');
  const vacuumSeconds = seconds(Date.now() - vacuumStartedAt);
  log(`outboxes empty after ${relaySeconds} s more; VACUUM ANALYZE took ${vacuumSeconds} s`);
  return { relaySeconds, vacuumSeconds };
}

export async function countRows(client) {
  const counts = {};
  for (const [resource, table] of Object.entries(RESOURCES))
    counts[resource] = Number((await client.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
  return counts;
}

/** `count` ids of the platform's rows of `table`, drawn at random over the whole table. */
export async function sampleIds(client, table, platformUuid, count) {
  const { rows } = await client.query(
    `SELECT id FROM ${table} WHERE platform_id = $1 ORDER BY random() LIMIT $2`,
    [platformUuid, count],
  );
  return rows.map(({ id }) => id);
}

/** Bytes of every schema: its tables with their indexes and TOAST. */
export async function schemaSizes(client) {
  const { rows } = await client.query(
    `SELECT n.nspname AS schema, sum(pg_total_relation_size(c.oid))::bigint AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
      GROUP BY n.nspname ORDER BY bytes DESC`,
  );
  return Object.fromEntries(rows.map(({ schema, bytes }) => [schema, Number(bytes)]));
}

/**
 * The time of a claim's statement (growth-stores.mjs), run on its app's data source in a transaction
 * that is rolled back, so that nothing is taken from the stack's workers: the median of a few runs,
 * then EXPLAIN ANALYZE's planning and execution times and the pages it touched.
 */
export async function timeClaim({ name, dataSource, sql, parameters }) {
  const runner = dataSource.createQueryRunner();
  try {
    const durations = [];
    for (let run = 0; run < CLAIM_RUNS; run++) {
      await runner.startTransaction();
      const startedAt = performance.now();
      await runner.query(sql, parameters);
      durations.push(performance.now() - startedAt);
      await runner.rollbackTransaction();
    }
    await runner.startTransaction();
    const [explained] = await runner.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, parameters);
    await runner.rollbackTransaction();
    const [plan] = explained['QUERY PLAN'];
    durations.sort((a, b) => a - b);
    return {
      name,
      medianMs: Math.round(percentile(durations, 0.5) * 10) / 10,
      planningMs: Math.round(plan['Planning Time'] * 10) / 10,
      executionMs: Math.round(plan['Execution Time'] * 10) / 10,
      pages: plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'],
    };
  } finally {
    await runner.release();
  }
}

function seconds(ms) {
  return Math.round(ms / 100) / 10;
}
