/**
 * The rows' values column by column, one array per key in the keys' order: the parameters of a
 * multi-row statement over `unnest($1::uuid[], $2::text[], ...)`, one round trip for any number of rows.
 */
export function columnsOf<Row, Key extends keyof Row>(
  rows: readonly Row[],
  keys: readonly Key[],
): Row[Key][][] {
  return keys.map((key) => rows.map((row) => row[key]));
}
