/**
 * A list whose totalCount is kept with the writes rather than counted at each page
 * (docs/operations.md, "Cost as the data grows"): an exact COUNT(*) reads every matching row, a
 * third of a second at a million, where the page itself reads twenty.
 */
export interface CountedList {
  /** The table listed, in the app's schema; also the list's name in the counts. */
  table: string;
  /** The condition, over the row's columns, for a row to be listed at all (`true` for every row). */
  listed: string;
  /** Filter name (the entity property a list filter compares) → the column it equals. */
  dimensions: Record<string, string>;
  /**
   * The writes that can change a count; all by default. Leave UPDATE out where no update touches
   * `listed`'s columns or a dimension's (ledger balances): its trigger would run on every update.
   */
  writes?: Write[];
}

type Write = 'INSERT' | 'UPDATE' | 'DELETE';

/** The dimension of the list unfiltered. */
export const WHOLE_LIST = '';

/**
 * The statements that start counting `list`: the count tables (once per schema), a trigger per kind
 * of write, and the counts of the rows already there. Run in one migration transaction: the
 * triggers' lock holds writes back until the counts of the existing rows commit, so none is missed
 * or counted twice.
 */
export function countedListStatements(list: CountedList): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS list_counts (
       list text NOT NULL, platform_id text NOT NULL, environment text NOT NULL, dimension text NOT NULL,
       value text NOT NULL, count bigint NOT NULL,
       PRIMARY KEY (list, platform_id, environment, dimension, value))`,
    `CREATE TABLE IF NOT EXISTS list_count_deltas (
       id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, list text NOT NULL, platform_id text NOT NULL,
       environment text NOT NULL, dimension text NOT NULL, value text NOT NULL, delta bigint NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS list_count_deltas_key
       ON list_count_deltas (list, platform_id, environment, dimension, value)`,
    ...(list.writes ?? ['INSERT', 'UPDATE', 'DELETE']).flatMap((write) => triggerStatements(list, write)),
    `INSERT INTO list_counts (list, platform_id, environment, dimension, value, count)
     SELECT '${list.table}', r.platform_id::text, r.environment, d.dimension, d.value, count(*)
       FROM ${list.table} r CROSS JOIN LATERAL (VALUES ${dimensionValues(list)}) d(dimension, value)
      WHERE (${list.listed}) AND d.value IS NOT NULL
      GROUP BY 2, 3, 4, 5`,
  ];
}

/**
 * One statement-level trigger per kind of write: a multi-row insert or update (a group commit, a
 * bulk import) adds one delta per count it changes, not one per row, and a row whose counted values
 * did not change adds none.
 */
function triggerStatements(list: CountedList, write: Write): string[] {
  const name = `count_${list.table}_${write.toLowerCase()}s`;
  const rows = [
    ...(write === 'DELETE' ? [] : [`SELECT r.*, 1 AS sign FROM new_rows r WHERE ${list.listed}`]),
    ...(write === 'INSERT' ? [] : [`SELECT r.*, -1 AS sign FROM old_rows r WHERE ${list.listed}`]),
  ];
  const transitions = [
    ...(write === 'INSERT' ? [] : ['OLD TABLE AS old_rows']),
    ...(write === 'DELETE' ? [] : ['NEW TABLE AS new_rows']),
  ];
  return [
    // The schema is the migration's: a write from a session with another search path still counts.
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
     BEGIN
       INSERT INTO list_count_deltas (list, platform_id, environment, dimension, value, delta)
       SELECT '${list.table}', r.platform_id::text, r.environment, d.dimension, d.value, sum(r.sign)
         FROM (${rows.join(' UNION ALL ')}) r
         CROSS JOIN LATERAL (VALUES ${dimensionValues(list)}) d(dimension, value)
        WHERE d.value IS NOT NULL
        GROUP BY 2, 3, 4, 5
       HAVING sum(r.sign) <> 0;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER ${name} AFTER ${write} ON ${list.table} REFERENCING ${transitions.join(' ')}
     FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
  ];
}

function dimensionValues(list: CountedList): string {
  return [
    `('${WHOLE_LIST}', '')`,
    ...Object.entries(list.dimensions).map(([dimension, column]) => `('${dimension}', r.${column}::text)`),
  ].join(', ');
}
