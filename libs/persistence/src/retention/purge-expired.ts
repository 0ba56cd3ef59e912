import { Counter } from 'prom-client';
import { Queryable } from '../parking/parked-rows';

const rowsPurged = new Counter({
  name: 'retention_rows_purged_total',
  help: 'Rows deleted for being past their retention, by table (docs/operations.md#retention)',
  labelNames: ['table'] as const,
});

/** Which rows of a table go once they are old enough. */
export interface RetentionPolicy {
  /** A table of the app's schema. */
  table: string;
  /** The column a row's age counts from; an index on it (partial, over `onlyWhere`) finds what is due. */
  agedFrom: string;
  /** How long a row is kept after `agedFrom`. */
  retentionHours: number;
  /** SQL a row must also satisfy to go, such as a finished status; without it, age alone decides. */
  onlyWhere?: string;
}

export interface PurgeBounds {
  /** Rows one statement deletes, in a transaction of its own. */
  batchRows: number;
  /** Statements one call runs at most: a backlog is worked off over several calls, none of them long. */
  batchesPerCall: number;
}

/**
 * Deletes the rows of `policy.table` past their retention, a batch per statement, for as long as
 * batches come back full, up to `bounds.batchesPerCall` of them. Each statement commits on its own,
 * so no lock is held longer than one batch takes, and it skips rows another transaction holds (a
 * concurrent replica's batch, a late writer) rather than waiting for them. The batch is taken by
 * ctid, whatever the table's key. Answers whether more may be due: the last batch was full.
 */
export async function purgeExpired(
  db: Queryable,
  policy: RetentionPolicy,
  bounds: PurgeBounds,
): Promise<boolean> {
  const statement = purgeStatement(policy, bounds.batchRows);
  for (let batch = 0; batch < bounds.batchesPerCall; batch++) {
    const [{ deleted }]: { deleted: number }[] = await db.query(statement);
    rowsPurged.inc({ table: policy.table }, deleted);
    if (deleted < bounds.batchRows) return false;
  }
  return true;
}

/**
 * The retention and the batch size are written into the statement rather than passed as parameters:
 * with the cut-off a parameter, Postgres guesses a third of the table due, and a prepared statement
 * whose plan turns generic (PreparingClient) would then scan the whole table at every tick.
 */
function purgeStatement(
  { table, agedFrom, onlyWhere, retentionHours }: RetentionPolicy,
  batchRows: number,
): string {
  if (!Number.isInteger(retentionHours) || !Number.isInteger(batchRows)) {
    throw new Error(`A retention and a batch size are whole numbers, not ${retentionHours} and ${batchRows}`);
  }
  return `WITH purged AS (
      DELETE FROM ${table} WHERE ctid = ANY (ARRAY (
        SELECT ctid FROM ${table}
        WHERE ${agedFrom} < now() - interval '${retentionHours} hours'${onlyWhere ? ` AND (${onlyWhere})` : ''}
        LIMIT ${batchRows}
        FOR UPDATE SKIP LOCKED))
      RETURNING 1)
    SELECT count(*)::int AS deleted FROM purged`;
}
