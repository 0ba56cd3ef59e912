import { EntityManager } from 'typeorm';
import { failureText } from './failure-text';

/** The data source, or the manager of a transaction the caller runs. */
export type Queryable = Pick<EntityManager, 'query'>;

/**
 * A table whose rows a worker may park, with the columns addParkingColumns adds, and its key column
 * with the key's SQL type (for the array of keys).
 */
export interface ParkableTable {
  table: string;
  key: string;
  keyType: 'uuid' | 'bigint' | 'text';
}

/** A row's key and the error it failed with. */
interface RowFailure {
  key: string;
  error: unknown;
}

/**
 * Adds to `table` the columns of a parkable row: failed_attempts, park_reason (the latest failure;
 * the reason it was parked once parked_at is set) and parked_at. Each app's migration calls this
 * for its own tables; a column already there is kept, so a table set up by hand is not a failure.
 */
export async function addParkingColumns(db: Queryable, table: string): Promise<void> {
  await db.query(`
    ALTER TABLE ${table}
      ADD COLUMN IF NOT EXISTS failed_attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN IF NOT EXISTS park_reason text,
      ADD COLUMN IF NOT EXISTS parked_at timestamptz`);
}

/**
 * Counts a failed attempt on each row and parks those that reach `maxFailures`, in one statement.
 * Answers the keys of the rows parked now.
 */
export async function countFailures(
  db: Queryable,
  { table, key, keyType }: ParkableTable,
  failures: RowFailure[],
  maxFailures: number,
): Promise<Set<string>> {
  if (failures.length === 0) return new Set();
  const rows: { key: string }[] = await db.query(
    `WITH failed AS (
       UPDATE ${table} t
       SET failed_attempts = t.failed_attempts + 1, park_reason = f.reason,
         parked_at = CASE WHEN t.failed_attempts + 1 >= $3 THEN now() END
       FROM unnest($1::${keyType}[], $2::text[]) AS f (key, reason)
       WHERE t.${key} = f.key AND t.parked_at IS NULL
       RETURNING t.${key}::text AS key, t.parked_at)
     SELECT key FROM failed WHERE parked_at IS NOT NULL`,
    [
      failures.map((failure) => failure.key),
      failures.map((failure) => failureText(failure.error)),
      maxFailures,
    ],
  );
  return new Set(rows.map((row) => row.key));
}

/** Parks rows at once, each with the reason it failed; a row parked already keeps its first reason. */
export async function parkRows(
  db: Queryable,
  { table, key, keyType }: ParkableTable,
  failures: RowFailure[],
): Promise<void> {
  if (failures.length === 0) return;
  await db.query(
    `UPDATE ${table} t
     SET failed_attempts = t.failed_attempts + 1, park_reason = f.reason, parked_at = now()
     FROM unnest($1::${keyType}[], $2::text[]) AS f (key, reason)
     WHERE t.${key} = f.key AND t.parked_at IS NULL`,
    [failures.map((failure) => failure.key), failures.map((failure) => failureText(failure.error))],
  );
}
