import { countedListStatements } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { QUOTE_LIST } from '@quoting/quotes/quote-list';

/** GET /quotes reads its totalCount from counts kept with the writes (ListCounts). */
export class QuoteCounts1765000000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of countedListStatements(QUOTE_LIST)) await queryRunner.query(statement);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
