import { announceRowChanges } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change of a fee rule, its creation included, is announced under the key its RowCache reads
 * (platform, environment, transaction type): the cache also remembers that a type has no rule.
 */
export class FeeRuleAnnouncements1764300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await announceRowChanges(
      queryRunner,
      { fee_rules: ['platform_id', 'environment', 'transaction_type'] },
      { inserts: true },
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER fee_rules_row_changes ON fee_rules');
    await queryRunner.query('DROP FUNCTION announce_row_change()');
  }
}
