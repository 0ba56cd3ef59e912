import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each platform's webhook body shape beside its endpoint, from its config events; the webhooks are
 * rendered in it when enqueued (docs/api.md#webhook-formats). LEGACY, the default, for every endpoint known.
 */
export class WebhookFormats1766300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE webhook_endpoints ADD COLUMN format text NOT NULL DEFAULT 'LEGACY'
         CHECK (format IN ('LEGACY', 'ENVELOPE'))`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
