import { addParkingColumns } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The activator parks a PENDING account it keeps failing to write (libs/persistence/src/parking);
 * the index that finds due accounts leaves parked ones out, so they cost it nothing.
 */
export class Parking1764500000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await addParkingColumns(queryRunner, 'external_accounts');
    await queryRunner.query(`DROP INDEX external_accounts_due`);
    await queryRunner.query(
      `CREATE INDEX external_accounts_due ON external_accounts (activate_at) WHERE status = 'PENDING' AND parked_at IS NULL`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
