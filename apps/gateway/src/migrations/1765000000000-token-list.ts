import { countedListStatements } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { TOKEN_LIST } from '@gateway/tokens/token-list';

/**
 * GET /tokens pages a name's tokens over an index led by the scope and reads its totalCount from
 * counts kept with the writes (docs/operations.md, "Cost as the data grows"). The unique index on
 * `seq` alone goes: nothing reads by it.
 */
export class TokenList1765000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE api_tokens DROP CONSTRAINT api_tokens_seq_key`);
    await queryRunner.query(
      `CREATE INDEX api_tokens_scope_name ON api_tokens (platform_id, environment, name, seq)`,
    );
    for (const statement of countedListStatements(TOKEN_LIST)) await queryRunner.query(statement);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
