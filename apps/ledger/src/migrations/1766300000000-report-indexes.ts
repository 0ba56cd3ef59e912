import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /reports/balances sums each internal account's entries by the postings naming it, split at
 * the day's start: without this index every report read every posting of the platform.
 */
export class ReportIndexes1766300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX postings_internal_account_created ON postings (internal_account_id, created_at)`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
