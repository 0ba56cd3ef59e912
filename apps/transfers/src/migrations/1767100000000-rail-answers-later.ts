import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A rail attempt may be recorded PENDING: its rail answers later and the settlement worker polls it
 * (rails/rail.ts). Only the new value is allowed; no row changes, so the running version is unaffected.
 */
export class RailAnswersLater1767100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE rail_attempts
        DROP CONSTRAINT rail_attempts_answer_check,
        ADD CONSTRAINT rail_attempts_answer_check CHECK (answer IN ('SETTLE', 'FAIL', 'REJECT', 'PENDING')),
        DROP CONSTRAINT rail_attempts_check,
        ADD CONSTRAINT rail_attempts_failure_detail_check
          CHECK ((answer IN ('SETTLE', 'PENDING')) = (failure_detail IS NULL))`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
