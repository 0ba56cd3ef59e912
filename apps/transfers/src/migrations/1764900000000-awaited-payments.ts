import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A payment to a UMA receiver on this deployment settles as the receiver's incoming payment ends
 * (docs/uma.md): its rail attempt names that payment, and the payment's ending wakes the attempt.
 */
export class AwaitedPayments1764900000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE rail_attempts ADD COLUMN awaits_transaction_id uuid`);
    await queryRunner.query(
      `CREATE INDEX rail_attempts_awaits ON rail_attempts (awaits_transaction_id)
       WHERE awaits_transaction_id IS NOT NULL AND finished_at IS NULL`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
