import { MigrationInterface, QueryRunner } from 'typeorm';
import { addParkingColumns } from '../parking/parked-rows';

/**
 * The outbox relay parks a message the cluster refuses on its own (libs/messaging OutboxRelayWorker).
 * Every app lists this migration after the one that created its outbox (createMessagingTables).
 */
export class OutboxParking1764600000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await addParkingColumns(queryRunner, 'outbox');
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
