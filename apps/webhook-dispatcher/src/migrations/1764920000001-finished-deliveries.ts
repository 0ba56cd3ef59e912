import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Finished deliveries are purged past WEBHOOK_RETENTION_DAYS (docs/operations.md#retention): their
 * attempts go with them in the same statement, and this index holds only finished ones, oldest first.
 */
export class FinishedDeliveries1764920000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE delivery_attempts
        DROP CONSTRAINT delivery_attempts_delivery_id_fkey,
        ADD CONSTRAINT delivery_attempts_delivery_id_fkey
          FOREIGN KEY (delivery_id) REFERENCES deliveries (id) ON DELETE CASCADE`);
    await queryRunner.query(
      `CREATE INDEX deliveries_finished ON deliveries (created_at) WHERE status <> 'PENDING'`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
