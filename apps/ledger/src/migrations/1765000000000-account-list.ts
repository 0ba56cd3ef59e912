import { countedListStatements } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { INTERNAL_ACCOUNT_LIST } from '@ledger/accounts/internal-account-list';

/**
 * GET /customers/internal-accounts pages over an index led by the scope for each of its orders and
 * filters, and reads its totalCount from counts kept with the writes (docs/operations.md, "Cost as
 * the data grows"). The unique index on `seq` alone goes: nothing reads by it.
 */
export class AccountList1765000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE accounts DROP CONSTRAINT accounts_seq_key`);
    await queryRunner.query(`CREATE INDEX accounts_scope_seq ON accounts (platform_id, environment, seq)`);
    await queryRunner.query(
      `CREATE INDEX accounts_scope_currency ON accounts (platform_id, environment, currency, seq)`,
    );
    for (const statement of countedListStatements(INTERNAL_ACCOUNT_LIST)) await queryRunner.query(statement);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
