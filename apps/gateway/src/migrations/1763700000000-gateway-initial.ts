import { createMessagingTables } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

export class GatewayInitial1763700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createMessagingTables(queryRunner);
    await queryRunner.query(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        platform_id text NOT NULL,
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        name text NOT NULL,
        permissions text[] NOT NULL,
        client_id text NOT NULL UNIQUE,
        secret_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX api_tokens_scope ON api_tokens (platform_id, environment, seq)`);
    await queryRunner.query(`
      CREATE TABLE idempotency_records (
        platform_id text NOT NULL,
        environment text NOT NULL,
        idempotency_key text NOT NULL,
        status_code integer,
        response_body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (platform_id, environment, idempotency_key)
      )`);
    await queryRunner.query(
      `CREATE INDEX idempotency_records_created_at ON idempotency_records (created_at)`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
