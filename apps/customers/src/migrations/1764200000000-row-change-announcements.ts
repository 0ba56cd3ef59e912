import { announceRowChanges } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Changed customers and configs are announced, keyed as the RowCaches of their services read them. */
export class RowChangeAnnouncements1764200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await announceRowChanges(queryRunner, {
      customers: ['platform_id', 'environment', 'id'],
      platform_configs: ['platform_id', 'environment'],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER customers_row_changes ON customers');
    await queryRunner.query('DROP TRIGGER platform_configs_row_changes ON platform_configs');
    await queryRunner.query('DROP FUNCTION announce_row_change()');
  }
}
