import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Marks the deliveries that ask a platform to approve an incoming payment: sent once, and their
 * answer reported back to the transfers app (approvals/). A default keeps the rewrite of existing
 * rows out (Postgres stores a constant default in the catalog).
 */
export class ApprovalRequests1764800000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE deliveries ADD COLUMN approval_request boolean NOT NULL DEFAULT false`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
