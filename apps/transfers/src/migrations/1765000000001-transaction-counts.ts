import { countedListStatements } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { TRANSACTION_LIST } from '@transfers/transactions/transaction-list';

/** GET /transactions reads its totalCount from counts kept with the writes (ListCounts). */
export class TransactionCounts1765000000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of countedListStatements(TRANSACTION_LIST)) await queryRunner.query(statement);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
