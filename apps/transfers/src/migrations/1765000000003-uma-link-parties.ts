import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Both ends of a payment between two platforms of this deployment name its parties, so that the
 * sender's payment is linked to the receiver's only when they are the same payment (docs/uma.md):
 * the sender's attempt keeps the UMA address its pay request paid as, the receiver's the address
 * it was paid to (each end's other party is a column of its transaction already).
 */
export class UmaLinkParties1765000000003 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE rail_attempts ADD COLUMN payer_uma_address text, ADD COLUMN payee_uma_address text`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
