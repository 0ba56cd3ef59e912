import { addParkingColumns } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The delivery worker parks a delivery whose outcome it cannot record (libs/persistence/src/parking).
 * A parked delivery leaves the queue: the indexes that claim deliveries and keep each aggregate's
 * order hold only unparked PENDING rows.
 */
export class Parking1764500000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await addParkingColumns(queryRunner, 'deliveries');
    await queryRunner.query(`DROP INDEX deliveries_due, deliveries_aggregate_order`);
    await queryRunner.query(
      `CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'PENDING' AND parked_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX deliveries_aggregate_order ON deliveries (aggregate_id, sequence)
         WHERE status = 'PENDING' AND parked_at IS NULL`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
