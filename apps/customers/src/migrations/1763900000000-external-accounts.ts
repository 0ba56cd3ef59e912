import { MigrationInterface, QueryRunner } from 'typeorm';

export class ExternalAccounts1763900000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE external_accounts (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        platform_id uuid NOT NULL REFERENCES platforms (id),
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        customer_id uuid REFERENCES customers (id),
        currency text NOT NULL,
        -- json, not jsonb: never queried inside, and returned as written, key order included.
        account_info json NOT NULL,
        status text NOT NULL CHECK (status IN ('PENDING', 'ACTIVE', 'UNDER_REVIEW', 'INACTIVE')),
        platform_account_id text,
        default_uma_deposit_account boolean NOT NULL DEFAULT false,
        beneficiary_verification_status text NOT NULL CHECK (beneficiary_verification_status IN ('MATCHED', 'PARTIAL_MATCH', 'NOT_MATCHED', 'UNSUPPORTED', 'CHECKED_BY_RECEIVING_FI', 'PENDING')),
        beneficiary_verified_name text,
        activate_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One default UMA deposit account per owner; the platform's own accounts (no customer) count as one owner.
    await queryRunner.query(`
      CREATE UNIQUE INDEX external_accounts_default_uma_deposit
        ON external_accounts (platform_id, environment, customer_id) NULLS NOT DISTINCT
        WHERE default_uma_deposit_account`);
    await queryRunner.query(
      `CREATE INDEX external_accounts_scope_seq ON external_accounts (platform_id, environment, seq)`,
    );
    await queryRunner.query(
      `CREATE INDEX external_accounts_customer_seq ON external_accounts (customer_id, seq)`,
    );
    // Polled by every replica: only the few accounts still waiting are in it.
    await queryRunner.query(
      `CREATE INDEX external_accounts_due ON external_accounts (activate_at) WHERE status = 'PENDING'`,
    );
    await queryRunner.query(`
      CREATE TABLE link_tokens (
        token text PRIMARY KEY,
        platform_id uuid NOT NULL REFERENCES platforms (id),
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        customer_id uuid NOT NULL REFERENCES customers (id),
        expires_at timestamptz NOT NULL,
        external_account_id uuid REFERENCES external_accounts (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
