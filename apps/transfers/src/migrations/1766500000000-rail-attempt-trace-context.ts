import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The W3C `traceparent` of the request that created a transaction, kept with its rail attempt so
 * that the settlement worker's later steps, and the events they write, continue that request's
 * trace (docs/operations.md#tracing). Null when the request was not traced.
 */
export class RailAttemptTraceContext1766500000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE rail_attempts ADD COLUMN traceparent text`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
