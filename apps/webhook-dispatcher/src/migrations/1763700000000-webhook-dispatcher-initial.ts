import { createMessagingTables } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookDispatcherInitial1763700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createMessagingTables(queryRunner);
    await queryRunner.query(`
      CREATE TABLE signing_keys (
        id text PRIMARY KEY,
        private_key_pem text NOT NULL,
        public_key_pem text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Projection of the customers app's platform configs: where each platform wants its webhooks.
    await queryRunner.query(`
      CREATE TABLE webhook_endpoints (
        platform_id text NOT NULL,
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        url text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (platform_id, environment)
      )`);
    // id is the uuid of the body's webhookId. A PENDING row is due at next_attempt_at unless a
    // replica holds it (locked_until in the future) or an earlier PENDING row of its aggregate exists.
    await queryRunner.query(`
      CREATE TABLE deliveries (
        id uuid PRIMARY KEY,
        platform_id text NOT NULL,
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        aggregate_id text NOT NULL,
        sequence bigint GENERATED ALWAYS AS IDENTITY,
        type text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
        attempt_count integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz NOT NULL DEFAULT '-infinity',
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz
      )`);
    // Both indexes hold PENDING rows only, so they stay as small as the queue, not the history.
    await queryRunner.query(
      `CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'PENDING'`,
    );
    await queryRunner.query(
      `CREATE INDEX deliveries_aggregate_order ON deliveries (aggregate_id, sequence) WHERE status = 'PENDING'`,
    );
    await queryRunner.query(`
      CREATE TABLE delivery_attempts (
        delivery_id uuid NOT NULL REFERENCES deliveries (id),
        attempt integer NOT NULL,
        url text NOT NULL,
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        response_status integer,
        error text,
        response_body text,
        PRIMARY KEY (delivery_id, attempt)
      )`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
