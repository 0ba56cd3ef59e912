import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A production umaDomain is used only once the platform proves it holds it (docs/uma.md): each
 * configuration gets the token its DNS TXT record must carry, and the time its current domain was
 * proven (cleared when the domain changes).
 */
export class UmaDomainVerification1765000000004 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE platform_configs
         ADD COLUMN uma_domain_token text NOT NULL DEFAULT 'grid-uma-verify=' || gen_random_uuid(),
         ADD COLUMN uma_domain_verified_at timestamptz`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
