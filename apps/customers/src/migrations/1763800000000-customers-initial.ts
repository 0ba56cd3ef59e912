import { createMessagingTables } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

export class CustomersInitial1763800000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createMessagingTables(queryRunner);
    await queryRunner.query(`
      CREATE TABLE platforms (
        id uuid PRIMARY KEY,
        name text NOT NULL CONSTRAINT platforms_name_key UNIQUE,
        slug text NOT NULL CONSTRAINT platforms_slug_key UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE platform_configs (
        id uuid PRIMARY KEY,
        platform_id uuid NOT NULL REFERENCES platforms (id),
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        uma_domain text NOT NULL CONSTRAINT platform_configs_uma_domain_key UNIQUE,
        proxy_uma_subdomain text NOT NULL CONSTRAINT platform_configs_proxy_uma_subdomain_key UNIQUE,
        webhook_endpoint text,
        supported_currencies jsonb NOT NULL,
        is_regulated_financial_institution boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT platform_configs_platform_environment_key UNIQUE (platform_id, environment)
      )`);
    await queryRunner.query(`
      CREATE TABLE customers (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        platform_id uuid NOT NULL REFERENCES platforms (id),
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        platform_customer_id text NOT NULL,
        customer_type text NOT NULL CHECK (customer_type IN ('INDIVIDUAL', 'BUSINESS')),
        uma_address text NOT NULL,
        kyc_status text NOT NULL CHECK (kyc_status IN ('APPROVED', 'REJECTED', 'PENDING_REVIEW', 'EXPIRED', 'CANCELED', 'MANUALLY_APPROVED', 'MANUALLY_REJECTED')),
        full_name text,
        birth_date date,
        nationality text,
        email text,
        phone_number text,
        -- json, not jsonb: never queried inside, and returned as written, key order included.
        address json,
        business_info json,
        beneficial_owners json,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    // A deleted customer frees its platformCustomerId and UMA address for a new customer.
    await queryRunner.query(`
      CREATE UNIQUE INDEX customers_platform_customer_id_live
        ON customers (platform_id, environment, platform_customer_id) WHERE deleted_at IS NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX customers_uma_address_live ON customers (uma_address) WHERE deleted_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX customers_scope_seq ON customers (platform_id, environment, seq)`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
