import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transactions made from quotes: the quote they come from, the rate and fees it priced, and the
 * internal account holding the reserve when that is not the source (a just-in-time funded quote
 * reserves from the account its funds arrived in).
 */
export class QuoteTransactions1764100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE transactions
        ADD COLUMN quote_id uuid CONSTRAINT transactions_quote_id_key UNIQUE,
        ADD COLUMN exchange_rate text,
        ADD COLUMN rate_details jsonb,
        ADD COLUMN platform_fee bigint NOT NULL DEFAULT 0 CHECK (platform_fee >= 0),
        ADD COLUMN service_fee bigint NOT NULL DEFAULT 0 CHECK (service_fee >= 0),
        ADD COLUMN funding_account_id text,
        ADD CONSTRAINT transactions_fees_within_amount CHECK (platform_fee + service_fee < sent_amount),
        ADD CONSTRAINT transactions_quote_terms CHECK ((quote_id IS NULL) = (exchange_rate IS NULL AND rate_details IS NULL))`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
