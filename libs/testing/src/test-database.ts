import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The server of DATABASE_URL (or the developer default); tests make their own databases on it. */
const SERVER_URL = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/payments');

/** Runs one statement in a connection of its own to `database` on the server. */
async function runIn<T>(database: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: new URL(`/${database}`, SERVER_URL).href });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A database of its own for a test, dropped with everything in it afterwards. */
export class TestDatabase {
  private constructor(readonly name: string) {}

  get url(): string {
    return new URL(`/${this.name}`, SERVER_URL).href;
  }

  /**
   * An empty database, or a copy of `template` (which nobody may be connected to), named
   * `<prefix>_<random hex>`.
   */
  static async create({
    template,
    prefix = 'it',
  }: { template?: TestDatabase; prefix?: string } = {}): Promise<TestDatabase> {
    const database = new TestDatabase(`${prefix}_${randomBytes(6).toString('hex')}`);
    await runIn(
      'postgres',
      `CREATE DATABASE "${database.name}"${template ? ` TEMPLATE "${template.name}"` : ''}`,
    );
    return database;
  }

  /** Runs one statement in a connection of its own. */
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return runIn(this.name, sql, params);
  }

  /** How many sessions are connected to it: none once everything a test opened is closed. */
  async openSessions(): Promise<number> {
    const [{ sessions }] = await runIn<{ sessions: number }>(
      'postgres',
      'SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1',
      [this.name],
    );
    return sessions;
  }

  async drop(): Promise<void> {
    await runIn('postgres', `DROP DATABASE IF EXISTS "${this.name}" WITH (FORCE)`);
  }
}
