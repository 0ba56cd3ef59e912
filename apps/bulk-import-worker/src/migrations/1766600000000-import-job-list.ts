import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /customers/bulk/jobs pages a platform's jobs by keyset on `seq`, like every list, over one
 * index per filter led by the scope, and in creation order over `created_at, seq` when bounded by
 * creation time (docs/operations.md, "Cost as the data grows"). The jobs already there are numbered
 * in creation order, so they list newest first too; new ones take the identity's next number.
 */
export class ImportJobList1766600000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE import_jobs ADD COLUMN seq bigint`);
    await queryRunner.query(
      `UPDATE import_jobs SET seq = numbered.seq
       FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS seq FROM import_jobs) numbered
       WHERE import_jobs.id = numbered.id`,
    );
    await queryRunner.query(`ALTER TABLE import_jobs ALTER COLUMN seq SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE import_jobs ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY`);
    // On an empty table max(seq) is null, and setval, being strict, leaves the identity at 1.
    await queryRunner.query(
      `SELECT setval(pg_get_serial_sequence('import_jobs', 'seq'), max(seq)) FROM import_jobs`,
    );
    await queryRunner.query(`CREATE INDEX import_jobs_scope ON import_jobs (platform_id, environment, seq)`);
    await queryRunner.query(
      `CREATE INDEX import_jobs_scope_status ON import_jobs (platform_id, environment, status, seq)`,
    );
    await queryRunner.query(
      `CREATE INDEX import_jobs_scope_created ON import_jobs (platform_id, environment, created_at, seq)`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
