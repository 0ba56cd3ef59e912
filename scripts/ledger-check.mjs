// `npm run ledger:check`: verifies the ledger's double-entry invariants in one repeatable-read
// snapshot of DATABASE_URL (default: the local database). Exit codes: 0 all hold, 1 a violation
// (with up to ten examples per check), 2 the check could not run (no ledger schema, no database).
import pg from 'pg';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/payments';
const SCHEMA = 'ledger';
const EXAMPLES = 10;

/** Each check selects the rows that violate its invariant; none means it holds. */
const CHECKS = [
  {
    invariant: 'every posting has at least two entries, summing to zero per currency',
    violations: `
      SELECT p.id AS posting_id, p.transaction_id, p.kind, e.currency, count(e.posting_id) AS entries, coalesce(sum(e.amount), 0) AS sum
        FROM postings p LEFT JOIN entries e ON e.posting_id = p.id
       GROUP BY p.id, e.currency
      HAVING count(e.posting_id) < 2 OR coalesce(sum(e.amount), 0) <> 0`,
  },
  {
    invariant: 'all entries of each currency sum to zero',
    violations: `SELECT currency, sum(amount) AS sum FROM entries GROUP BY currency HAVING sum(amount) <> 0`,
  },
  {
    invariant: "each account's balance equals the sum of its entries",
    violations: `
      SELECT a.id AS account_id, a.kind, a.currency, a.balance, coalesce(e.sum, 0) AS entries_sum
        FROM accounts a LEFT JOIN (SELECT account_id, sum(amount) AS sum FROM entries GROUP BY account_id) e ON e.account_id = a.id
       WHERE a.balance <> coalesce(e.sum, 0)`,
  },
  {
    invariant: 'no internal account is negative',
    violations: `SELECT id AS account_id, currency, balance FROM accounts WHERE kind = 'INTERNAL' AND balance < 0`,
  },
  {
    invariant: 'every SETTLE and RELEASE closes a RESERVE of its transaction with the same terms',
    violations: `
      SELECT c.transaction_id, c.kind, c.internal_account_id, c.amount, c.currency
        FROM postings c
       WHERE c.kind IN ('SETTLE', 'RELEASE')
         AND NOT EXISTS (
           SELECT 1 FROM postings r
            WHERE r.transaction_id = c.transaction_id AND r.kind = 'RESERVE'
              AND (r.platform_id, r.environment, r.internal_account_id, r.amount, r.currency)
                = (c.platform_id, c.environment, c.internal_account_id, c.amount, c.currency))`,
  },
  {
    invariant: 'no transaction is both settled and released',
    violations: `
      SELECT transaction_id FROM postings WHERE kind IN ('SETTLE', 'RELEASE')
       GROUP BY transaction_id HAVING count(*) > 1`,
  },
];

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
async function check(client, print) {
  const {
    rows: [totals],
  } = await client.query(
    `SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM postings) AS postings,
            (SELECT count(*) FROM entries) AS entries`,
  );
  print(`  ${totals.accounts} accounts, ${totals.postings} postings, ${totals.entries} entries`);
  let failed = 0;
  for (const { invariant, violations } of CHECKS) {
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
    const failed = await check(client, print);
    print(
      failed === 0
        ? 'ledger check passed'
        : `ledger check FAILED: ${failed} of ${CHECKS.length} invariants violated`,
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
