import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One entry per imported row whose customer lacks information the platform's currencies require
 * (docs/api.md#bulk-import): the row succeeded, and the job lists which fields to supply later.
 */
export class ImportWarnings1767000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    // The rows of import_errors, for the other kind of row: the same columns, key and reference.
    await queryRunner.query(`CREATE TABLE import_warnings (LIKE import_errors INCLUDING ALL)`);
    await queryRunner.query(
      `ALTER TABLE import_warnings ADD FOREIGN KEY (job_id) REFERENCES import_jobs (id)`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
