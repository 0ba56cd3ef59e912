import { MigrationInterface, QueryRunner } from 'typeorm';
import { SchemaOptions } from '../database/data-source-options';
import { InboxMessage } from '../inbox/inbox-message.entity';
import { createMessagingTables } from '../migrations/messaging-tables';
import { OutboxMessage } from '../outbox/outbox-message.entity';

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
