import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Receiver lookups (GET /receiver/...), which a quote to a UMA address names by lookupId, and the
 * UMA side of quotes: the lookup they were priced from and the sender's data for the pay request. A
 * quote to a UMA address has no destination account.
 */
export class ReceiverLookups1764810000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE receiver_lookups (
        id uuid PRIMARY KEY,
        platform_id uuid NOT NULL,
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        receiver_uma_address text,
        account_id text,
        CHECK ((receiver_uma_address IS NULL) <> (account_id IS NULL)),
        sender_customer_id text,
        sender_uma_address text,
        currencies jsonb NOT NULL,
        required_payer_data jsonb NOT NULL,
        counterparty_state jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX receiver_lookups_expiry ON receiver_lookups (expires_at)`);
    await queryRunner.query(`
      ALTER TABLE quotes
        ALTER COLUMN destination_account_id DROP NOT NULL,
        ADD COLUMN lookup_id uuid,
        ADD COLUMN sender_customer_info jsonb,
        ADD CONSTRAINT quotes_destination CHECK ((destination_account_id IS NULL) <> (receiving_uma_address IS NULL))`);
    await queryRunner.query(
      `CREATE INDEX quotes_receiving_uma_address ON quotes (receiving_uma_address, seq) WHERE receiving_uma_address IS NOT NULL`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
