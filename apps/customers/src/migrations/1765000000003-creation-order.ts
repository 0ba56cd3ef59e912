import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A list bounded by creation time pages in creation order over this index, which serves the bound
 * and the order both (paginate's inCreationOrder; docs/operations.md, "Cost as the data grows").
 */
export class CreationOrder1765000000003 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX customers_scope_created ON customers (platform_id, environment, created_at, seq)`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
