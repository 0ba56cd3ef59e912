import { addParkingColumns } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The idle-jobs sweep parks a job it keeps failing on (libs/persistence/src/parking) and sweeps the others. */
export class Parking1764500000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await addParkingColumns(queryRunner, 'import_jobs');
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
