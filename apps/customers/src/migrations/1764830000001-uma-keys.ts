import { MigrationInterface, QueryRunner } from 'typeorm';

export class UmaKeys1764830000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    // secp256k1 keys as hex: private keys are read by the UMA protocol code only, never served.
    await queryRunner.query(`
      CREATE TABLE uma_keys (
        platform_config_id uuid PRIMARY KEY REFERENCES platform_configs (id),
        signing_private_key text NOT NULL,
        signing_public_key text NOT NULL,
        encryption_private_key text NOT NULL,
        encryption_public_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
