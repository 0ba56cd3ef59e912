import { createRowChangeAnnouncer } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The json columns of this schema, with their table's key; a json column keeps escapes as written. */
const JSON_COLUMNS: Record<string, { key: string; columns: string[] }> = {
  customers: { key: 'id', columns: ['address', 'business_info', 'beneficial_owners'] },
  external_accounts: { key: 'id', columns: ['account_info'] },
  customer_batches: { key: 'batch_key', columns: ['results'] },
};

/**
 * A surrogate pair, a lone surrogate or \u0000 (json keeps them, jsonb and text refuse the last
 * two), or any other escape, which is consumed whole so that an escaped backslash before "u" is
 * never read as the start of an escape.
 */
const ESCAPE =
  /\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[dD][89a-fA-F][0-9a-fA-F]{2}|\\u0000|\\./g;

/** The JSON text with each lone surrogate and NUL escape replaced by U+FFFD; the rest as written. */
export function withStorableEscapes(json: string): string {
  return json.replace(ESCAPE, (escape) => (escape.length === 6 ? '\\ufffd' : escape));
}

/**
 * Rows whose json held a lone UTF-16 surrogate (which PATCH /customers accepted, and a linked
 * account copied from the customer's address) could not be updated or deleted: the row-change
 * trigger converted the whole row to jsonb, which refuses the escape. The trigger now reads only the
 * key columns, and the escapes already stored become U+FFFD, so that every copy of such a value,
 * in events and other apps' jsonb, can be stored too.
 */
export class UnstorableTextRepair1764400000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createRowChangeAnnouncer(queryRunner);
    for (const [table, { key, columns }] of Object.entries(JSON_COLUMNS)) {
      const suspect = columns.map((column) => `${column}::text ~* '\\\\u(d[89a-f]|0000)'`).join(' OR ');
      const rows: Record<string, string | null>[] = await queryRunner.query(
        `SELECT ${key} AS key, ${columns.map((column) => `${column}::text AS ${column}`).join(', ')} FROM ${table} WHERE ${suspect}`,
      );
      for (const row of rows) {
        const repaired = columns.map((column) =>
          row[column] === null ? null : withStorableEscapes(row[column]!),
        );
        await queryRunner.query(
          `UPDATE ${table} SET ${columns.map((column, index) => `${column} = $${index + 2}::json`).join(', ')} WHERE ${key} = $1`,
          [row.key, ...repaired],
        );
      }
    }
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
