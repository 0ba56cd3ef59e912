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
  const statement = purgeStatement(policy);
  for (let batch = 0; batch < bounds.batchesPerCall; batch++) {
    const [{ deleted }]: { deleted: number }[] = await db.query(statement, [
      policy.retentionHours,
      bounds.batchRows,
    ]);
    rowsPurged.inc({ table: policy.table }, deleted);
    if (deleted < bounds.batchRows) return false;
  }
  return true;
}

function purgeStatement({ table, agedFrom, onlyWhere }: RetentionPolicy): string {
  return `WITH purged AS (
      DELETE FROM ${table} WHERE ctid = ANY (ARRAY (
        SELECT ctid FROM ${table}
        WHERE ${agedFrom} < now() - make_interval(hours => $1)${onlyWhere ? ` AND (${onlyWhere})` : ''}
        LIMIT $2
        FOR UPDATE SKIP LOCKED))
      RETURNING 1)
    SELECT count(*)::int AS deleted FROM purged`;
}
