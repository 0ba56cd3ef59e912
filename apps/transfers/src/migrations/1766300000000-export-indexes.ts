import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /reports/transactions finds the transactions that changed state in a window by their status
 * history: a range read of this index (the transaction id within it, so no heap visit) instead of
 * the whole history table.
 */
export class ExportIndexes1766300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX transaction_status_history_at ON transaction_status_history (at, transaction_id)`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
