import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook signing keys per platform and environment (docs/api.md#webhook-signatures), made
 * at first need. A scope has one `current` key and, while a rotation overlaps, one `next`; the
 * current key's retire_after ends the overlap. A retired key keeps its public half (to answer "which
 * key was this?") but loses its private one. The deployment-wide key of signing_keys is dropped: a
 * key shared by every platform is what let one platform's webhooks verify at another's endpoint.
 */
export class PlatformSigningKeys1765000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE platform_signing_keys (
        platform_id text NOT NULL,
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        key_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('current', 'next', 'retired')),
        private_key text CHECK ((private_key IS NULL) = (status = 'retired')),
        public_key_pem text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retire_after timestamptz,
        PRIMARY KEY (platform_id, environment, key_id)
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX platform_signing_keys_one_current
        ON platform_signing_keys (platform_id, environment) WHERE status = 'current'`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX platform_signing_keys_one_next
        ON platform_signing_keys (platform_id, environment) WHERE status = 'next'`);
    await queryRunner.query(`DROP TABLE signing_keys`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
