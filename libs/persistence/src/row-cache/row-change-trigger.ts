import { QueryRunner } from 'typeorm';

/** The Postgres channel on which a schema's row changes are announced; one per schema. */
export function rowChangesChannel(schema: string): string {
  return `row_changes_${schema}`;
}

/**
 * Makes every update or delete of each table announce `<table>:<key>` on the schema's row-changes
 * channel, the key being the values of the table's key columns joined by ':'. A trigger rather than
 * a call in each write path: no update, however made, can leave a replica's RowCache stale. Postgres
 * delivers the notification at commit, and never for a rolled-back change. With `inserts`, new rows
 * are announced too: for a cache that also remembers that a key has no row.
 */
export async function announceRowChanges(
  queryRunner: QueryRunner,
  keyColumnsByTable: Record<string, string[]>,
  { inserts = false } = {},
): Promise<void> {
  await createRowChangeAnnouncer(queryRunner);
  for (const [table, keyColumns] of Object.entries(keyColumnsByTable)) {
    const columns = keyColumns.map((column) => `'${column}'`).join(', ');
    await queryRunner.query(
      `CREATE TRIGGER ${table}_row_changes AFTER ${inserts ? 'INSERT OR ' : ''}UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION announce_row_change(${columns})`,
    );
  }
}

/**
 * The schema's trigger function, which reads only the key columns of the row: converting the whole
 * row (to_jsonb) would fail on a json column holding an escape jsonb refuses (a lone surrogate,
 * \u0000), and with it every update and delete of that row.
 */
export async function createRowChangeAnnouncer(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`
    CREATE OR REPLACE FUNCTION announce_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed_row record;
      row_key text;
    BEGIN
      IF TG_OP = 'INSERT' THEN changed_row := NEW; ELSE changed_row := OLD; END IF;
      EXECUTE 'SELECT ' || (
        SELECT string_agg(format('($1).%I::text', key_column), ' || '':'' || ' ORDER BY position)
        FROM unnest(TG_ARGV) WITH ORDINALITY AS k (key_column, position))
        INTO row_key USING changed_row;
      PERFORM pg_notify('row_changes_' || TG_TABLE_SCHEMA, TG_TABLE_NAME || ':' || row_key);
      RETURN NULL;
    END $$`);
}
