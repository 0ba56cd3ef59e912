import { createMessagingTables } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

export class BulkImportInitial1763700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createMessagingTables(queryRunner);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
