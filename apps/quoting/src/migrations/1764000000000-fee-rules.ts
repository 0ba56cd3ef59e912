import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The API shows timestamps to the millisecond, so they are stored that way: an inclusive bound a
 * client copies from a response then matches the row it came from.
 */
const NOW_MS = `date_trunc('milliseconds', now())`;

export class FeeRules1764000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    // The ranges repeat the API's (docs/api.md#limits), so that no code path can store a rule the API refuses.
    await queryRunner.query(`
      CREATE TABLE fee_rules (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        platform_id uuid NOT NULL,
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        transaction_type text NOT NULL
          CHECK (transaction_type IN ('TRANSFER_IN', 'TRANSFER_OUT', 'RAMP_ON', 'RAMP_OFF', 'CROSS_BORDER_PAYOUT')),
        fee_type text NOT NULL CHECK (fee_type IN ('FIXED', 'PERCENTAGE', 'HYBRID')),
        fixed_fee integer CHECK (fixed_fee BETWEEN 0 AND 10000),
        variable_fee_rate numeric(7, 6) CHECK (variable_fee_rate BETWEEN 0 AND 0.2),
        enabled boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT ${NOW_MS},
        updated_at timestamptz NOT NULL DEFAULT ${NOW_MS},
        -- A fee type has exactly the components it uses.
        CONSTRAINT fee_rules_components_match_fee_type CHECK (
          (fixed_fee IS NOT NULL) = (fee_type IN ('FIXED', 'HYBRID'))
          AND (variable_fee_rate IS NOT NULL) = (fee_type IN ('PERCENTAGE', 'HYBRID'))
        ),
        -- One rule per transaction type (docs/api.md, "Fee rules"); also the index quote pricing reads by.
        CONSTRAINT fee_rules_transaction_type_key UNIQUE (platform_id, environment, transaction_type)
      )`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
