import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { dataSourceOptions, SchemaOptions } from '../database/data-source-options';
import { runMigrations } from '../database/migrate';
import { InboxMessage } from '../inbox/inbox-message.entity';
import { createMessagingTables } from '../migrations/messaging-tables';
import { OutboxMessage } from '../outbox/outbox-message.entity';

/** The server of DATABASE_URL (or the developer default); tests make their own databases on it. */
const SERVER_URL = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/payments');

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: new URL('/postgres', SERVER_URL).href });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** A database of its own for one test, dropped with everything in it afterwards. */
export class TestDatabase {
  private constructor(readonly name: string) {}

  get url(): string {
    return new URL(`/${this.name}`, SERVER_URL).href;
  }

  static async create(): Promise<TestDatabase> {
    const database = new TestDatabase(`it_${randomBytes(6).toString('hex')}`);
    await onServer(`CREATE DATABASE "${database.name}"`);
    return database;
  }

  /** Runs one statement in a connection of its own. */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: this.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  /** Migrates the billing schema and connects to it the way an app's DatabaseModule does. */
  async openBillingSchema(): Promise<DataSource> {
    await runMigrations(this.url, BILLING_SCHEMA);
    return new DataSource(dataSourceOptions(this.url, BILLING_SCHEMA)).initialize();
  }

  async drop(): Promise<void> {
    await onServer(`DROP DATABASE IF EXISTS "${this.name}" WITH (FORCE)`);
  }
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
