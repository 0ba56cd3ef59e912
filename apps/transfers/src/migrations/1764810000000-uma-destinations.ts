import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments to UMA addresses: a quote's transaction may pay a UMA address instead of an account, and
 * a rail attempt may end with a failure reason of its own (PAY_REQUEST_FAILED when the receiver
 * refused the pay request; none means OFFRAMP_FAILED).
 */
export class UmaDestinations1764810000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE transactions
        DROP CONSTRAINT transactions_destination_type_check,
        ADD CONSTRAINT transactions_destination_type_check CHECK (destination_type IN ('ACCOUNT', 'UMA_ADDRESS')),
        ALTER COLUMN destination_account_id DROP NOT NULL,
        ADD COLUMN destination_uma_address text,
        ADD CONSTRAINT transactions_destination_check CHECK (
          (destination_type = 'UMA_ADDRESS') = (destination_uma_address IS NOT NULL)
          AND (destination_type = 'ACCOUNT') = (destination_account_id IS NOT NULL))`);
    await queryRunner.query(`ALTER TABLE rail_attempts ADD COLUMN failure_reason text`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
