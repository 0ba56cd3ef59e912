import { MigrationInterface, QueryRunner } from 'typeorm';

export class ImportJobs1764100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    // processed, successful and failed add up the chunks done so far; a job completes with its last chunk.
    await queryRunner.query(`
      CREATE TABLE import_jobs (
        id uuid PRIMARY KEY,
        platform_id uuid NOT NULL,
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        status text NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
        columns json NOT NULL,
        total_rows integer NOT NULL DEFAULT 0,
        chunk_count integer NOT NULL DEFAULT 0,
        chunks_done integer NOT NULL DEFAULT 0,
        processed integer NOT NULL DEFAULT 0,
        successful integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        request_id text,
        enqueued_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    // Stored uploads whose chunks did not reach the queue (the replica stopped in between); swept up.
    await queryRunner.query(
      `CREATE INDEX import_jobs_not_enqueued ON import_jobs (created_at) WHERE enqueued_at IS NULL`,
    );
    // rows: a JSON array of the chunk's rows, each an array of the job's columns' values; emptied once done.
    await queryRunner.query(`
      CREATE TABLE import_chunks (
        job_id uuid NOT NULL REFERENCES import_jobs (id),
        chunk_index integer NOT NULL,
        first_row integer NOT NULL,
        rows text,
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DONE')),
        attempts integer NOT NULL DEFAULT 0,
        started_by text,
        processed_by text,
        done_at timestamptz,
        PRIMARY KEY (job_id, chunk_index)
      )`);
    // One entry per failed row, listed in row order; an unreadable file has one, at the row where reading stopped.
    await queryRunner.query(`
      CREATE TABLE import_errors (
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
