import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A claim on a rail attempt is short and renewed by the settlement worker's heartbeat. Each claim
 * writes a token of its own, which the renewal and a retry must find: a worker whose lease ran out
 * and was taken by another no longer pushes the new holder's attempt back.
 */
export class RailAttemptLeases1764700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE rail_attempts ADD COLUMN lease_token uuid`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
