import { MigrationInterface, QueryRunner } from 'typeorm';

/** What the platform told about the receiver of a quote to a UMA address, passed on to its transaction. */
export class QuoteCounterpartyInformation1764810000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE quotes ADD COLUMN counterparty_information jsonb`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
