import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Idempotency-Key (its digest) of the request that executed a quote, written by the claim that
 * executes it: a retry of that request is answered with the execution instead of QUOTE_NOT_PENDING.
 */
export class ExecutionKeys1764700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE quotes ADD COLUMN IF NOT EXISTS execution_key text`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
