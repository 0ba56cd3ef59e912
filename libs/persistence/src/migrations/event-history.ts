import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events of public topics as published, kept by their producer for replay (libs/persistence
 * Outbox, docs/operations.md#replaying-events). A producer of a public topic lists this migration.
 */
export class EventHistory1766400000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE event_history (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        topic text NOT NULL,
        message_key text NOT NULL,
        payload text NOT NULL,
        headers jsonb NOT NULL,
        occurred_at timestamptz NOT NULL,
        platform_id text NOT NULL
      )`);
    // Replay reads a topic's window in the order the events happened.
    await queryRunner.query(
      `CREATE INDEX event_history_window ON event_history (topic, occurred_at, event_id)`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
