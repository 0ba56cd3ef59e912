import { announceRowChanges } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Changed external accounts are announced, keyed as the internal lookup's RowCache reads them. */
export class ExternalAccountAnnouncements1764300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await announceRowChanges(queryRunner, { external_accounts: ['platform_id', 'environment', 'id'] });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER external_accounts_row_changes ON external_accounts');
  }
}
