// `npm run ledger:check`: verifies the ledger's double-entry invariants in one repeatable-read
// snapshot of DATABASE_URL (default: the local database). Exit codes: 0 all hold, 1 a violation
// (with up to ten examples per check), 2 the check could not run (no ledger schema, no database).
import { transformFile } from '@swc/core';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/payments';
const SCHEMA = 'ledger';
const EXAMPLES = 10;

/**
 * The checks are the ledger app's own (apps/ledger/src/invariants/ledger-invariants.ts, which its
 * background check runs too), compiled here with SWC as the build does: one copy of the SQL.
 */
async function loadChecks() {
  const source = fileURLToPath(
    new URL('../apps/ledger/src/invariants/ledger-invariants.ts', import.meta.url),
  );
  const { code } = await transformFile(source, {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return module.LEDGER_INVARIANTS;
}

/** The database URL without its password, for the report. */
function redacted(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

async function ledgerTablesExist(client) {
  const { rows } = await client.query(
    `SELECT count(*)::int AS present FROM information_schema.tables
      WHERE table_schema = $1 AND table_name IN ('accounts', 'postings', 'entries')`,
    [SCHEMA],
  );
  return rows[0].present === 3;
}

/** Runs every check in one snapshot; returns the number of checks that failed. */
async function check(client, checks, print) {
  const {
    rows: [totals],
  } = await client.query(
    `SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM postings) AS postings,
            (SELECT count(*) FROM entries) AS entries`,
  );
  print(`  ${totals.accounts} accounts, ${totals.postings} postings, ${totals.entries} entries`);
  let failed = 0;
  for (const { invariant, violations } of checks) {
    const { rows } = await client.query(
      `SELECT *, count(*) OVER () AS violation_count FROM (${violations}) AS violation LIMIT ${EXAMPLES}`,
    );
    if (rows.length === 0) {
      print(`  ok    ${invariant}`);
      continue;
    }
    failed++;
    print(`  FAIL  ${invariant}: ${rows[0].violation_count} violation(s)`);
    for (const { violation_count: _count, ...row } of rows) print(`          ${JSON.stringify(row)}`);
  }
  return failed;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const print = (line) => console.log(line);
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${SCHEMA}` });
  try {
    await client.connect();
  } catch (error) {
    console.error(`ledger check could not run: cannot connect to ${redacted(databaseUrl)}: ${error.message}`);
    return 2;
  }
  try {
    // One snapshot for every check: postings committing meanwhile cannot make a balance look wrong.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    if (!(await ledgerTablesExist(client))) {
      console.error(
        `ledger check could not run: ${redacted(databaseUrl)} has no ledger schema (accounts, postings, entries); ` +
          'run the migrations first (npm run migrate)',
      );
      return 2;
    }
    print(`ledger check of ${redacted(databaseUrl)}`);
    const checks = await loadChecks();
    const failed = await check(client, checks, print);
    print(
      failed === 0
        ? 'ledger check passed'
        : `ledger check FAILED: ${failed} of ${checks.length} invariants violated`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    await client.end();
  }
}

process.exitCode = await main().catch((error) => {
  console.error(`ledger check could not run: ${error.message}`);
  return 2;
});
