import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rail attempts of final transactions are purged past RAIL_ATTEMPT_RETENTION_DAYS
 * (docs/operations.md#retention); this index holds only finished ones, oldest first.
 */
export class FinishedRailAttempts1764920000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX rail_attempts_finished ON rail_attempts (finished_at) WHERE finished_at IS NOT NULL`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
