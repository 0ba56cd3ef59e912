import { TestDatabase } from '@payments/testing';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { dataSourceOptions, SchemaOptions } from '../database/data-source-options';
import { runMigrations } from '../database/migrate';
import { InboxMessage } from '../inbox/inbox-message.entity';
import { createMessagingTables } from '../migrations/messaging-tables';
import { OutboxMessage } from '../outbox/outbox-message.entity';

/** Migrates the billing schema of a test database and connects to it the way an app's DatabaseModule does. */
export async function openBillingSchema(database: TestDatabase): Promise<DataSource> {
  await runMigrations(database.url, BILLING_SCHEMA);
  return new DataSource(dataSourceOptions(database.url, BILLING_SCHEMA)).initialize();
}

export class CreateMessagingTables1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createMessagingTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE inbox, outbox');
  }
}

/** A service schema the way an app declares it: the messaging tables and nothing else. */
export const BILLING_SCHEMA: SchemaOptions = {
  schema: 'billing',
  entities: [OutboxMessage, InboxMessage],
  migrations: [CreateMessagingTables1700000000000],
};
