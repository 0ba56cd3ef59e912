import { countedListStatements } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { CUSTOMER_LIST } from '@customers/customers/customer-list';

/** GET /customers reads its totalCount from counts kept with the writes (ListCounts). */
export class CustomerCounts1765000000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of countedListStatements(CUSTOMER_LIST)) await queryRunner.query(statement);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
