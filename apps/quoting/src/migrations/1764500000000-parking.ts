import { addParkingColumns } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The quote sweep parks a quote it keeps failing on (libs/persistence/src/parking); the indexes it
 * searches leave parked quotes out, so they cost it nothing.
 */
export class Parking1764500000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await addParkingColumns(queryRunner, 'quotes');
    await queryRunner.query(`DROP INDEX quotes_pending_expiry, quotes_unconfirmed_execution`);
    await queryRunner.query(
      `CREATE INDEX quotes_pending_expiry ON quotes (expires_at) WHERE status = 'PENDING' AND parked_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX quotes_unconfirmed_execution ON quotes (executed_at)
         WHERE status = 'PROCESSING' AND NOT transaction_confirmed AND parked_at IS NULL`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
