import { MigrationInterface, QueryRunner } from 'typeorm';

/** Timestamps to the millisecond, as the API shows them, so inclusive filters match what a client saw. */
const NOW_MS = `date_trunc('milliseconds', now())`;

export class Quotes1764100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE quotes (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        platform_id uuid NOT NULL,
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        status text NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED')),
        source_type text NOT NULL CHECK (source_type IN ('ACCOUNT', 'REALTIME_FUNDING')),
        source_account_id text CHECK ((source_type = 'ACCOUNT') = (source_account_id IS NOT NULL)),
        sending_customer_id text,
        sending_currency text NOT NULL,
        destination_account_id text NOT NULL,
        receiving_currency text NOT NULL,
        sending_uma_address text,
        receiving_uma_address text,
        locked_side text NOT NULL CHECK (locked_side IN ('SENDING', 'RECEIVING')),
        total_sending_amount bigint NOT NULL CHECK (total_sending_amount > 0),
        total_receiving_amount bigint NOT NULL CHECK (total_receiving_amount > 0),
        fees_included bigint NOT NULL CHECK (fees_included >= 0),
        platform_fee bigint NOT NULL CHECK (platform_fee >= 0),
        service_fee bigint NOT NULL CHECK (service_fee >= 0),
        CHECK (fees_included = platform_fee + service_fee AND fees_included < total_sending_amount),
        exchange_rate text NOT NULL,
        rate_details jsonb NOT NULL,
        funding_account_id text,
        payment_instructions jsonb,
        reference text CONSTRAINT quotes_reference_key UNIQUE,
        transaction_id uuid NOT NULL CONSTRAINT quotes_transaction_id_key UNIQUE,
        executed_at timestamptz,
        transaction_confirmed boolean NOT NULL DEFAULT false,
        description text,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT ${NOW_MS},
        updated_at timestamptz NOT NULL DEFAULT ${NOW_MS}
      ) WITH (fillfactor = 85)`);
    await queryRunner.query(`CREATE INDEX quotes_scope_seq ON quotes (platform_id, environment, seq)`);
    await queryRunner.query(`CREATE INDEX quotes_sending_customer ON quotes (sending_customer_id, seq)`);
    await queryRunner.query(`CREATE INDEX quotes_source_account ON quotes (source_account_id, seq)`);
    await queryRunner.query(
      `CREATE INDEX quotes_destination_account ON quotes (destination_account_id, seq)`,
    );
    // What the expiry sweeper and the execution recovery look for, kept small by their conditions.
    await queryRunner.query(
      `CREATE INDEX quotes_pending_expiry ON quotes (expires_at) WHERE status = 'PENDING'`,
    );
    await queryRunner.query(
      `CREATE INDEX quotes_unconfirmed_execution ON quotes (executed_at)
         WHERE status = 'PROCESSING' AND NOT transaction_confirmed`,
    );
    // Projected from the platform events: the limits a quote is checked against.
    await queryRunner.query(`
      CREATE TABLE platform_currencies (
        platform_id uuid NOT NULL,
        environment text NOT NULL,
        currencies jsonb NOT NULL,
        occurred_at timestamptz NOT NULL,
        PRIMARY KEY (platform_id, environment)
      )`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
