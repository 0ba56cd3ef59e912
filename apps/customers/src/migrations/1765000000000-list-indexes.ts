import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The accounts list filtered by customer reads an index led by the scope, ending in `seq`: without
 * table statistics Postgres prefers the index matching more equalities, and the customer's index
 * alone lost to the scope index (docs/operations.md, "Cost as the data grows"). The identity
 * columns' unique indexes on `seq` alone go: nothing reads by them, and with statistics Postgres
 * walked one across every platform's rows to fill one page.
 */
export class ListIndexes1765000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE customers DROP CONSTRAINT customers_seq_key`);
    await queryRunner.query(`ALTER TABLE external_accounts DROP CONSTRAINT external_accounts_seq_key`);
    await queryRunner.query(`DROP INDEX external_accounts_customer_seq`);
    await queryRunner.query(
      `CREATE INDEX external_accounts_scope_customer ON external_accounts (platform_id, environment, customer_id, seq)`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
