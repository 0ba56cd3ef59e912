import { MigrationInterface, QueryRunner } from 'typeorm';

export class Onboarding1764100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    // The bulk CSV's optional description column lands here, and is settable through the API too.
    await queryRunner.query(`ALTER TABLE customers ADD COLUMN description text`);
    // Only a hash of each link's token is kept: a leaked table does not open anyone's KYC page.
    await queryRunner.query(`
      CREATE TABLE kyc_links (
        id uuid PRIMARY KEY,
        token_hash bytea NOT NULL CONSTRAINT kyc_links_token_hash_key UNIQUE,
        platform_id uuid NOT NULL REFERENCES platforms (id),
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        platform_customer_id text NOT NULL,
        redirect_uri text,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        customer_id uuid REFERENCES customers (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The outcome of each batch of bulk-imported customers, so that a retried batch answers the same.
    await queryRunner.query(`
      CREATE TABLE customer_batches (
        platform_id uuid NOT NULL REFERENCES platforms (id),
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        batch_key text NOT NULL,
        results json NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (platform_id, environment, batch_key)
      )`);
    await queryRunner.query(`CREATE INDEX customer_batches_created_at ON customer_batches (created_at)`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
