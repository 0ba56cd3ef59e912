import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One entry per imported row whose customer lacks information the platform's currencies require
 * (docs/api.md#bulk-import): the row succeeded, and the job lists which fields to supply later.
 */
export class ImportWarnings1767000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE import_warnings (
        job_id uuid NOT NULL REFERENCES import_jobs (id),
        row_number integer NOT NULL,
        correlation_id text NOT NULL,
        code text NOT NULL,
        message text NOT NULL,
        details json NOT NULL,
        PRIMARY KEY (job_id, row_number)
      )`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
