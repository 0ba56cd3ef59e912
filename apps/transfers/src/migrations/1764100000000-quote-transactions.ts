import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transactions made from quotes: the quote they come from, the rate and fees it priced (a
 * same-currency transfer may carry a platform fee and its rate details too), and the
 * internal account holding the reserve when that is not the source (a just-in-time funded quote
 * reserves from the account its funds arrived in; a quote funded by an ACH pull passes the pulled
 * money through the customer's account). A pull-funded payout has two legs on the rail; which one
 * failed decides whether the pulled money ever reached the service.
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
        ADD CONSTRAINT transactions_quote_terms CHECK (quote_id IS NULL OR (exchange_rate IS NOT NULL AND rate_details IS NOT NULL))`);
    await queryRunner.query(`
      ALTER TABLE rail_attempts
        ADD COLUMN failed_leg text CHECK (failed_leg IS NULL OR (failed_leg IN ('PULL', 'PUSH') AND answer <> 'SETTLE'))`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
