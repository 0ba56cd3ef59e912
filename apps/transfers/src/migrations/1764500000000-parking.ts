import { addParkingColumns } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The settlement worker parks a rail attempt whose step keeps failing (libs/persistence/src/parking);
 * the index that finds due attempts leaves parked ones out, so they cost it nothing.
 */
export class Parking1764500000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await addParkingColumns(queryRunner, 'rail_attempts');
    await queryRunner.query(`DROP INDEX rail_attempts_due`);
    await queryRunner.query(
      `CREATE INDEX rail_attempts_due ON rail_attempts (due_at) WHERE finished_at IS NULL AND parked_at IS NULL`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
