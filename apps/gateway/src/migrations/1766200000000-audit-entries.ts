import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log of every write (docs/api.md#audit-log), append-only: a trigger refuses any DELETE,
 * and any UPDATE but the one that fills an entry's outcome (and a create's resource id) once.
 */
export class AuditEntries1766200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE audit_entries (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        platform_id text NOT NULL,
        environment text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        token_id text NOT NULL,
        token_name text NOT NULL,
        request_id text NOT NULL,
        method text NOT NULL,
        route text NOT NULL,
        resource_id text,
        outcome_status int,
        completed_at timestamptz
      )`,
    );
    await queryRunner.query(
      `CREATE INDEX audit_entries_scope ON audit_entries (platform_id, environment, seq)`,
    );
    await queryRunner.query(
      `CREATE INDEX audit_entries_scope_created ON audit_entries (platform_id, environment, created_at, seq)`,
    );
    await queryRunner.query(
      `CREATE INDEX audit_entries_scope_resource ON audit_entries (platform_id, environment, resource_id, seq)`,
    );
    await queryRunner.query(
      `CREATE INDEX audit_entries_scope_token ON audit_entries (platform_id, environment, token_id, seq)`,
    );
    await queryRunner.query(
      `CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'DELETE' THEN
           RAISE EXCEPTION 'audit entries are append-only';
         END IF;
         IF OLD.outcome_status IS NOT NULL
           OR (NEW.id, NEW.seq, NEW.platform_id, NEW.environment, NEW.created_at, NEW.token_id,
               NEW.token_name, NEW.request_id, NEW.method, NEW.route)
              IS DISTINCT FROM (OLD.id, OLD.seq, OLD.platform_id, OLD.environment, OLD.created_at,
               OLD.token_id, OLD.token_name, OLD.request_id, OLD.method, OLD.route)
           OR (OLD.resource_id IS NOT NULL AND NEW.resource_id IS DISTINCT FROM OLD.resource_id) THEN
           RAISE EXCEPTION 'audit entries are append-only: only the outcome is filled, once';
         END IF;
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
       FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only()`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
