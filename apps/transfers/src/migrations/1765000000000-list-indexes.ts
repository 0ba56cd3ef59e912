import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One index per list filter, each led by the scope and ending in `seq`, so that a filtered page is a
 * range read whatever the planner's statistics: without them Postgres prefers the index matching
 * more equalities, and an index on the filter alone lost to the scope index (docs/operations.md,
 * "Cost as the data grows"). The identity column's unique index on `seq` alone goes: nothing reads by
 * it, and with statistics Postgres walked it across every platform's rows to fill one page.
 */
export class ListIndexes1765000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE transactions DROP CONSTRAINT transactions_seq_key`);
    for (const column of ['customer_id', 'source_account_id', 'destination_account_id']) {
      await queryRunner.query(`DROP INDEX transactions_${column.replace(/_id$/, '')}`);
    }
    for (const column of ['customer_id', 'source_account_id', 'destination_account_id', 'status', 'type']) {
      await queryRunner.query(
        `CREATE INDEX transactions_scope_${column.replace(/_id$/, '')} ON transactions (platform_id, environment, ${column}, seq)`,
      );
    }
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
