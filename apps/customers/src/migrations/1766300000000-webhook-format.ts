import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The body shape of a platform's webhooks (docs/api.md#webhook-formats): LEGACY for every existing
 * configuration, so that no receiver sees a new shape it did not ask for.
 */
export class WebhookFormat1766300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE platform_configs ADD COLUMN webhook_format text NOT NULL DEFAULT 'LEGACY'
         CHECK (webhook_format IN ('LEGACY', 'ENVELOPE'))`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
