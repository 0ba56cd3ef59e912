import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Done chunks are purged past IMPORT_CHUNK_RETENTION_DAYS (docs/operations.md#retention); this
 * index holds only those, oldest first.
 */
export class DoneImportChunks1764920000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX import_chunks_done ON import_chunks (done_at) WHERE status = 'DONE'`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
