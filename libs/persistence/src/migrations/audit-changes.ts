import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The before and after of audited writes (recordAuditChange), append-only: a trigger refuses every
 * UPDATE and DELETE. Listed by each app that records changes (customers, quoting).
 */
export class AuditChanges1766200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE audit_changes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        platform_id text NOT NULL,
        environment text NOT NULL,
        request_id text NOT NULL,
        resource_id text NOT NULL,
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    await queryRunner.query(
      `CREATE INDEX audit_changes_request ON audit_changes (platform_id, environment, request_id)`,
    );
    await queryRunner.query(
      `CREATE FUNCTION audit_changes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         RAISE EXCEPTION 'audit changes are append-only';
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER audit_changes_append_only BEFORE UPDATE OR DELETE ON audit_changes
       FOR EACH ROW EXECUTE FUNCTION audit_changes_append_only()`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
