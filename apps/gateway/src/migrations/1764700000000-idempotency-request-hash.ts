import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hash of the request that claimed a key, so that a key sent again with another request is
 * seen (and counted) while the first answer is replayed, as the contract says.
 */
export class IdempotencyRequestHash1764700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE idempotency_records ADD COLUMN IF NOT EXISTS request_hash text`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
