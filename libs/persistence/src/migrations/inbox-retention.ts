import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox rows past INBOX_RETENTION_HOURS are purged in batches (docs/operations.md#retention):
 * this index finds them without a scan. Every app lists this migration after its own latest.
 */
export class InboxRetention1764920000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX inbox_processed_at ON inbox (processed_at)`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
