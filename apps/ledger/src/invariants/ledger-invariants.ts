// The ledger's double-entry invariants as SQL, run by the ledger's background check and by
// `npm run ledger:check`, which compiles this file on the fly: it must stay free of imports.

/** A check selects the rows that violate its invariant; none means it holds. */
export interface InvariantCheck {
  invariant: string;
  violations: string;
}

/** Every invariant over the whole ledger (docs/operations.md, "Reconciliation"). */
export const LEDGER_INVARIANTS: readonly InvariantCheck[] = [
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

/**
 * The same invariants over the postings created since $1 only, cheap enough to run every few
 * seconds: each recent posting balances, and each internal account a recent posting touched holds
 * the sum of its entries (every entry of an internal account is in a posting naming it, so the
 * postings_internal_account_created index reaches them). System accounts, which every posting of a
 * currency touches, are left to the full check.
 */
export const RECENT_POSTING_INVARIANTS: readonly InvariantCheck[] = [
  {
    invariant: 'every recent posting has at least two entries, summing to zero per currency',
    violations: `
      SELECT p.id AS posting_id FROM postings p LEFT JOIN entries e ON e.posting_id = p.id
       WHERE p.created_at >= $1
       GROUP BY p.id, e.currency
      HAVING count(e.posting_id) < 2 OR coalesce(sum(e.amount), 0) <> 0`,
  },
  {
    invariant: 'each internal account a recent posting touched holds the sum of its entries',
    violations: `
      SELECT a.id AS account_id FROM accounts a
       WHERE a.id IN (SELECT DISTINCT internal_account_id FROM postings WHERE created_at >= $1)
         AND a.balance <> (SELECT coalesce(sum(e.amount), 0) FROM postings p
                             JOIN entries e ON e.posting_id = p.id AND e.account_id = a.id
                            WHERE p.internal_account_id = a.id)`,
  },
];

/** The statement that counts a check's violations. */
export function violationCountSql(check: InvariantCheck): string {
  return `SELECT count(*)::int AS count FROM (${check.violations}) AS violation`;
}
