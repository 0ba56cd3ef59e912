import { createMessagingTables } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

export class LedgerInitial1763700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createMessagingTables(queryRunner);
    await queryRunner.query(`
      CREATE TABLE accounts (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        kind text NOT NULL
          CHECK (kind IN ('INTERNAL', 'EXTERNAL_SETTLEMENT', 'IN_TRANSIT', 'PLATFORM_FEES', 'SERVICE_FEES')),
        platform_id text NOT NULL,
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        customer_id text,
        platform_customer_id text,
        currency text NOT NULL,
        balance bigint NOT NULL DEFAULT 0,
        funding_reference text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- Target of the entries' (account, currency) key: an entry cannot be in another currency.
        UNIQUE (id, currency),
        -- Customers' and the platform's money never goes below zero, nor above what a JSON number
        -- carries exactly (2^53 - 1), so the API can always show it.
        CONSTRAINT internal_balance_in_range
          CHECK (kind <> 'INTERNAL' OR balance BETWEEN 0 AND 9007199254740991),
        CONSTRAINT internal_accounts_have_a_reference
          CHECK ((kind = 'INTERNAL') = (funding_reference IS NOT NULL)),
        CONSTRAINT system_accounts_have_no_customer
          CHECK (kind = 'INTERNAL' OR (customer_id IS NULL AND platform_customer_id IS NULL))
      )`);
    // One account per kind, owner and currency; the platform's own and the system accounts have no customer.
    await queryRunner.query(`
      CREATE UNIQUE INDEX accounts_kind_owner_currency
        ON accounts (platform_id, environment, kind, coalesce(customer_id, ''), currency)`);
    await queryRunner.query(
      `CREATE INDEX accounts_customer ON accounts (platform_id, environment, customer_id, seq)`,
    );

    // One posting per (transaction, kind): the key that keeps a retried command from moving money twice.
    await queryRunner.query(`
      CREATE TABLE postings (
        id uuid PRIMARY KEY,
        transaction_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('DEPOSIT', 'RESERVE', 'SETTLE', 'RELEASE')),
        platform_id text NOT NULL,
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        internal_account_id uuid NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        currency text NOT NULL,
        -- The internal account's balance once the posting applied: what a repeated request answers.
        balance_after bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (transaction_id, kind),
        UNIQUE (id, currency),
        FOREIGN KEY (internal_account_id, currency) REFERENCES accounts (id, currency)
      )`);
    await queryRunner.query(`
      CREATE TABLE entries (
        posting_id uuid NOT NULL,
        account_id uuid NOT NULL,
        amount bigint NOT NULL CHECK (amount <> 0),
        currency text NOT NULL,
        PRIMARY KEY (posting_id, account_id),
        FOREIGN KEY (posting_id, currency) REFERENCES postings (id, currency),
        FOREIGN KEY (account_id, currency) REFERENCES accounts (id, currency)
      )`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
