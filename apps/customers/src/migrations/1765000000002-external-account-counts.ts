import { countedListStatements } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { EXTERNAL_ACCOUNT_LIST } from '@customers/external-accounts/external-account-list';

/**
 * GET /customers/external-accounts reads its totalCount from counts kept with the writes, and pages
 * a currency's accounts over an index led by the scope (docs/operations.md, "Cost as the data grows").
 */
export class ExternalAccountCounts1765000000002 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX external_accounts_scope_currency ON external_accounts (platform_id, environment, currency, seq)`,
    );
    for (const statement of countedListStatements(EXTERNAL_ACCOUNT_LIST)) await queryRunner.query(statement);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
