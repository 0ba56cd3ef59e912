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
    await queryRunner.query(`ALTER TABLE quotes DROP CONSTRAINT quotes_seq_key`);
    for (const index of [
      'sending_customer',
      'source_account',
      'destination_account',
      'receiving_uma_address',
    ]) {
      await queryRunner.query(`DROP INDEX quotes_${index}`);
    }
    for (const column of [
      'sending_customer_id',
      'source_account_id',
      'destination_account_id',
      'sending_uma_address',
      'receiving_uma_address',
      'status',
    ]) {
      await queryRunner.query(
        `CREATE INDEX quotes_scope_${column.replace(/_id$/, '')} ON quotes (platform_id, environment, ${column}, seq)`,
      );
    }
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
