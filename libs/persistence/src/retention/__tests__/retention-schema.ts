import { MigrationInterface, QueryRunner } from 'typeorm';
import { CreateMessagingTables1700000000000 } from '../../__tests__/billing-schema';
import { SchemaOptions } from '../../database/data-source-options';
import { RetentionPolicy } from '../purge-expired';

/** A table with a retention policy: receipts, settled or open. */
class Receipts1700000000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE receipts (
        id int PRIMARY KEY,
        status text NOT NULL,
        issued_at timestamptz NOT NULL)`);
  }

  async down(): Promise<void> {}
}

export const RETENTION_SCHEMA: SchemaOptions = {
  schema: 'billing',
  entities: [],
  migrations: [CreateMessagingTables1700000000000, Receipts1700000000001],
};

/** Receipts are kept a day once settled; open ones stay whatever their age. */
export const SETTLED_RECEIPTS: RetentionPolicy = {
  table: 'receipts',
  agedFrom: 'issued_at',
  retentionHours: 24,
  onlyWhere: `status = 'SETTLED'`,
};
