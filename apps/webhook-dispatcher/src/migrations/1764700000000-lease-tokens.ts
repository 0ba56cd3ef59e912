import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A delivery's lease is short and renewed by its holder's heartbeat (see DeliveryLeases). Each claim
 * writes a token of its own, which the renewal and the outcome must find: a replica whose lease ran
 * out and was taken by another no longer writes over the new holder's work.
 */
export class LeaseTokens1764700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE deliveries ADD COLUMN lease_token uuid`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
