import { createMessagingTables } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The API shows timestamps to the millisecond, so they are stored that way: an inclusive bound a
 * client copies from a response then matches the row it came from.
 */
const NOW_MS = `date_trunc('milliseconds', now())`;
const STATUSES = `'CREATED', 'PENDING', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED'`;

export class TransfersInitial1763700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createMessagingTables(queryRunner);
    // The state machine as data: every history row references one of these pairs.
    await queryRunner.query(`
      CREATE TABLE transaction_transitions (
        from_status text NOT NULL,
        to_status text NOT NULL,
        PRIMARY KEY (from_status, to_status)
      )`);
    await queryRunner.query(`
      INSERT INTO transaction_transitions (from_status, to_status) VALUES
        ('CREATED', 'PENDING'), ('CREATED', 'FAILED'), ('CREATED', 'EXPIRED'),
        ('PENDING', 'PROCESSING'), ('PENDING', 'COMPLETED'), ('PENDING', 'FAILED'), ('PENDING', 'REJECTED'),
        ('PENDING', 'EXPIRED'),
        ('PROCESSING', 'COMPLETED'), ('PROCESSING', 'FAILED'), ('PROCESSING', 'REJECTED'),
        ('COMPLETED', 'REFUNDED')`);
    // Status changes update only unindexed columns, so the spare room per page lets them stay HOT.
    await queryRunner.query(`
      CREATE TABLE transactions (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        platform_id uuid NOT NULL,
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        type text NOT NULL CHECK (type IN ('INCOMING', 'OUTGOING')),
        status text NOT NULL CHECK (status IN (${STATUSES})),
        source_type text NOT NULL CHECK (source_type IN ('ACCOUNT', 'REALTIME_FUNDING')),
        source_account_id text CHECK ((source_type = 'ACCOUNT') = (source_account_id IS NOT NULL)),
        source_currency text NOT NULL,
        destination_type text NOT NULL CHECK (destination_type = 'ACCOUNT'),
        destination_account_id text NOT NULL,
        destination_currency text NOT NULL,
        customer_id text,
        platform_customer_id text,
        sent_amount bigint NOT NULL CHECK (sent_amount > 0),
        received_amount bigint NOT NULL CHECK (received_amount > 0),
        description text,
        failure_reason text CHECK (failure_reason IS NULL OR status IN ('FAILED', 'REJECTED')),
        failure_detail text,
        reference text NOT NULL CONSTRAINT transactions_reference_key UNIQUE,
        settled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT ${NOW_MS},
        updated_at timestamptz NOT NULL DEFAULT ${NOW_MS}
      ) WITH (fillfactor = 85)`);
    await queryRunner.query(
      `CREATE INDEX transactions_scope_seq ON transactions (platform_id, environment, seq)`,
    );
    // Customer and account ids are globally unique; the platform scope is applied on top.
    await queryRunner.query(`CREATE INDEX transactions_customer ON transactions (customer_id, seq)`);
    await queryRunner.query(
      `CREATE INDEX transactions_platform_customer ON transactions (platform_id, environment, platform_customer_id, seq)`,
    );
    await queryRunner.query(
      `CREATE INDEX transactions_source_account ON transactions (source_account_id, seq)`,
    );
    await queryRunner.query(
      `CREATE INDEX transactions_destination_account ON transactions (destination_account_id, seq)`,
    );
    // No ON DELETE: a transaction that has a history (was ever published) can never be deleted.
    await queryRunner.query(`
      CREATE TABLE transaction_status_history (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        transaction_id uuid NOT NULL REFERENCES transactions (id),
        from_status text NOT NULL,
        to_status text NOT NULL,
        at timestamptz NOT NULL,
        reason text,
        FOREIGN KEY (from_status, to_status) REFERENCES transaction_transitions (from_status, to_status)
      )`);
    await queryRunner.query(
      `CREATE INDEX transaction_status_history_transaction ON transaction_status_history (transaction_id, id)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION refuse_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'transaction_status_history is append-only';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER transaction_status_history_append_only
        BEFORE UPDATE OR DELETE OR TRUNCATE ON transaction_status_history
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change()`);
    // The rail's work queue: one row per transaction, due when the rail is next to act on it. The
    // row stays as the record of the attempts once the transaction has settled or failed.
    await queryRunner.query(`
      CREATE TABLE rail_attempts (
        transaction_id uuid PRIMARY KEY REFERENCES transactions (id) ON DELETE CASCADE,
        answer text NOT NULL CHECK (answer IN ('SETTLE', 'FAIL', 'REJECT')),
        failure_detail text CHECK ((answer = 'SETTLE') = (failure_detail IS NULL)),
        delay_ms integer NOT NULL CHECK (delay_ms >= 0),
        due_at timestamptz NOT NULL,
        tries integer NOT NULL DEFAULT 0,
        last_error text,
        finished_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX rail_attempts_due ON rail_attempts (due_at) WHERE finished_at IS NULL`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
