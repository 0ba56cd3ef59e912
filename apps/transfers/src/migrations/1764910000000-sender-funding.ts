import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An incoming payment paid by a platform of this deployment is credited only once the sender's side
 * has reserved its money (docs/uma.md): its rail attempt says it waits for that.
 */
export class SenderFunding1764910000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE rail_attempts ADD COLUMN awaits_funding boolean NOT NULL DEFAULT false`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
