import { Client } from 'pg';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { runMigrations } from '../database/migrate';
import { TestDatabase } from '@payments/testing';
import { BILLING_SCHEMA, CreateMessagingTables1700000000000 } from './billing-schema';

jest.setTimeout(30_000);

class AddInvoices1700000000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE invoices (id text PRIMARY KEY)');
    await queryRunner.query('INSERT INTO invoices VALUES (NULL)');
  }

  async down(): Promise<void> {}
}

class AlterOutbox1800000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox ADD COLUMN note text');
  }

  async down(): Promise<void> {}
}

/** The schema's own migration, then the messaging tables' shared ones (dataSourceOptions adds them). */
const ALL_APPLIED = [
  'CreateMessagingTables1700000000000',
  'OutboxParking1764600000000',
  'InboxRetention1764920000000',
];

describe('runMigrations', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await TestDatabase.create();
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await database?.drop();
  });

  const tablesOf = async (schema: string) =>
    (
      await database.query<{ table_name: string }>(
        'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
        [schema],
      )
    ).map((row) => row.table_name);

  const recordedMigrations = async () =>
    (await database.query<{ name: string }>('SELECT name FROM billing.migrations ORDER BY id')).map(
      (row) => row.name,
    );

  it('creates the schema with the outbox and inbox tables, adds their shared migrations in timestamp order and records them', async () => {
    const applied = await runMigrations(database.url, BILLING_SCHEMA);

    expect(applied).toEqual(ALL_APPLIED);
    expect(await tablesOf('billing')).toEqual(['inbox', 'migrations', 'outbox']);
    expect(await tablesOf('public')).toEqual([]);
    expect(await recordedMigrations()).toEqual(ALL_APPLIED);
  });

  it('applies nothing when the schema is up to date', async () => {
    await runMigrations(database.url, BILLING_SCHEMA);

    await expect(runMigrations(database.url, BILLING_SCHEMA)).resolves.toEqual([]);
    expect(await recordedMigrations()).toEqual(ALL_APPLIED);
  });

  it('lets concurrent runs take turns, so that exactly one applies the migrations', async () => {
    const results = await Promise.all([1, 2, 3].map(() => runMigrations(database.url, BILLING_SCHEMA)));

    expect(results.filter((applied) => applied.length > 0)).toEqual([ALL_APPLIED]);
    expect(results.filter((applied) => applied.length === 0)).toHaveLength(2);
    expect(await recordedMigrations()).toEqual(ALL_APPLIED);
  });

  it('rolls back a failing migration, keeps the ones before it and releases the lock', async () => {
    const failing = {
      ...BILLING_SCHEMA,
      migrations: [CreateMessagingTables1700000000000, AddInvoices1700000000001],
    };
    jest.spyOn(console, 'log').mockImplementation(() => undefined); // TypeORM reports the failure there

    await expect(runMigrations(database.url, failing)).rejects.toThrow(/null value in column "id"/);

    expect(await tablesOf('billing')).toEqual(['inbox', 'migrations', 'outbox']);
    expect(await recordedMigrations()).toEqual(['CreateMessagingTables1700000000000']);
    // A lock left behind would make this run wait forever.
    await expect(runMigrations(database.url, BILLING_SCHEMA)).resolves.toEqual(ALL_APPLIED.slice(1));
  });

  it('gives up waiting for another run after its turn wait, naming the lock', async () => {
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(hashtext($1))', ['migrations:billing']);
      await expect(
        runMigrations(database.url, BILLING_SCHEMA, { turnMs: 300, tableLockMs: 10_000 }),
      ).rejects.toThrow(/lock timeout/);
    } finally {
      await holder.end();
    }
    await expect(runMigrations(database.url, BILLING_SCHEMA)).resolves.toEqual(ALL_APPLIED);
  });

  it('fails a DDL statement that waits on a busy table, instead of queueing every query behind it', async () => {
    await runMigrations(database.url, BILLING_SCHEMA);
    const reader = new Client({ connectionString: database.url });
    await reader.connect();
    try {
      // A long transaction that read the outbox holds its lock until it ends.
      await reader.query('BEGIN');
      await reader.query('SELECT count(*) FROM billing.outbox');
      const altering = {
        ...BILLING_SCHEMA,
        migrations: [...BILLING_SCHEMA.migrations, AlterOutbox1800000000000],
      };
      jest.spyOn(console, 'log').mockImplementation(() => undefined);
      await expect(
        runMigrations(database.url, altering, { turnMs: 10_000, tableLockMs: 300 }),
      ).rejects.toThrow(/lock timeout/);
    } finally {
      await reader.query('ROLLBACK');
      await reader.end();
    }
  });
});
