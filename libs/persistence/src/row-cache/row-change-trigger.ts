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
  await queryRunner.query(`
    CREATE OR REPLACE FUNCTION announce_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed_row jsonb := to_jsonb(CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END);
      row_key text := changed_row ->> TG_ARGV[0];
    BEGIN
      FOR i IN 1 .. TG_NARGS - 1 LOOP
        row_key := row_key || ':' || (changed_row ->> TG_ARGV[i]);
      END LOOP;
      PERFORM pg_notify('row_changes_' || TG_TABLE_SCHEMA, TG_TABLE_NAME || ':' || row_key);
      RETURN NULL;
    END $$`);
  for (const [table, keyColumns] of Object.entries(keyColumnsByTable)) {
    const columns = keyColumns.map((column) => `'${column}'`).join(', ');
    await queryRunner.query(
      `CREATE TRIGGER ${table}_row_changes AFTER ${inserts ? 'INSERT OR ' : ''}UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION announce_row_change(${columns})`,
    );
  }
}
