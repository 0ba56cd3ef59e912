import { BULK_IMPORT_SCHEMA } from '@bulk-import/database';
import { CUSTOMERS_SCHEMA } from '@customers/database';
import { GATEWAY_SCHEMA } from '@gateway/database';
import { LEDGER_SCHEMA } from '@ledger/database';
import { runMigrations, SchemaOptions } from '@payments/persistence';
import { TestDatabase } from '@payments/testing';
import { QUOTING_SCHEMA } from '@quoting/database';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';
import { execFile } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';

export const REPO_ROOT = join(__dirname, '..', '..');

/** Each app's schema as the app itself declares it (its database.ts), by app name. */
export const APP_SCHEMAS: Record<string, SchemaOptions> = {
  customers: CUSTOMERS_SCHEMA,
  quoting: QUOTING_SCHEMA,
  transfers: TRANSFERS_SCHEMA,
  ledger: LEDGER_SCHEMA,
  'bulk-import-worker': BULK_IMPORT_SCHEMA,
  'webhook-dispatcher': WEBHOOKS_SCHEMA,
  gateway: GATEWAY_SCHEMA,
};

/** One app's roles as `npm run db:roles` reports them. */
export interface AppRoles {
  app: string;
  schema: string;
  migrator: string;
  runtime: string;
}

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The variable `npm run db:roles` reads a role's password from (scripts/db-roles.mjs). */
export const passwordVariable = (app: string, kind: 'migrator' | 'runtime') =>
  `${app.replaceAll('-', '_').toUpperCase()}_${kind.toUpperCase()}_PASSWORD`;

/** Whether a SCRAM-SHA-256 verifier stored by Postgres (pg_authid.rolpassword) accepts `password`. */
export function verifierAccepts(verifier: string, password: string): boolean {
  const [, iterations, salt, storedKey] = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):/.exec(verifier) ?? [];
  if (!iterations) return false;
  const salted = pbkdf2Sync(password, Buffer.from(salt, 'base64'), Number(iterations), 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  return createHash('sha256').update(clientKey).digest('base64') === storedKey;
}

/**
 * A database of its own (`payments_roles_<hex>`) with roles of its own (`roles_test_<hex>_…`, roles
 * being the whole server's), both dropped afterwards.
 */
export class RolesDatabase {
  /** What `npm run db:roles` reported on the first run. */
  roles: AppRoles[] = [];
  readonly passwords: Record<string, string>;

  private constructor(
    private readonly database: TestDatabase,
    readonly rolePrefix: string,
  ) {
    this.passwords = Object.fromEntries(
      Object.keys(APP_SCHEMAS).flatMap((app) =>
        (['migrator', 'runtime'] as const).map((kind) => [
          passwordVariable(app, kind),
          randomBytes(12).toString('base64url'),
        ]),
      ),
    );
  }

  /** A fresh database and its roles, made by the script with the passwords on its stdin. */
  static async create(): Promise<RolesDatabase> {
    const database = await TestDatabase.create({ prefix: 'payments_roles' });
    const roles = new RolesDatabase(database, `roles_test_${database.name.slice(-8)}_`);
    const stdin = Object.entries(roles.passwords)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n');
    const run = await roles.runScript(['--passwords-from-stdin'], {}, stdin);
    if (run.code !== 0) {
      await roles.drop();
      throw new Error(`db:roles failed: ${run.stderr}`);
    }
    roles.roles = JSON.parse(run.stdout).roles;
    return roles;
  }

  get name(): string {
    return this.database.name;
  }

  get adminUrl(): string {
    return this.database.url;
  }

  /** The URL a role connects with, its password included (the local server trusts loopback). */
  urlOf(role: string): string {
    const app = this.roles.find(({ migrator, runtime }) => role === migrator || role === runtime)!;
    const url = new URL(this.adminUrl);
    url.username = role;
    url.password = this.passwords[passwordVariable(app.app, role === app.migrator ? 'migrator' : 'runtime')];
    return url.href;
  }

  /** Runs `npm run db:roles` against this database with these arguments, variables and stdin. */
  runScript(args: string[], env: Record<string, string> = {}, stdin = ''): Promise<ScriptRun> {
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [join(REPO_ROOT, 'scripts', 'db-roles.mjs'), '--role-prefix', this.rolePrefix, ...args],
        { cwd: REPO_ROOT, env: { ...process.env, ...env, DATABASE_URL: this.adminUrl } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin!.end(stdin);
    });
  }

  /** Every app's migrations, each run as its app's migrator, as its init container does. */
  async migrateAsMigrators(): Promise<void> {
    await Promise.all(
      this.roles.map(({ app, migrator }) => runMigrations(this.urlOf(migrator), APP_SCHEMAS[app])),
    );
  }

  /**
   * A connection as `role`, whose search path is its app's schema as the app's own connections' is
   * (dataSourceOptions); the administrator's when no role is named. The caller ends it.
   */
  async connect(role?: string): Promise<Client> {
    const app = this.roles.find(({ migrator, runtime }) => role === migrator || role === runtime);
    const client = new Client({
      connectionString: role ? this.urlOf(role) : this.adminUrl,
      options: app ? `-c search_path=${app.schema}` : undefined,
    });
    await client.connect();
    return client;
  }

  /** Runs one statement as the administrator. */
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.database.query<T>(sql, params);
  }

  /** Drops the database, then its roles, which then own nothing and hold no rights anywhere. */
  async drop(): Promise<void> {
    await this.database.drop();
    const server = new Client({ connectionString: new URL('/postgres', this.adminUrl).href });
    await server.connect();
    try {
      const { rows } = await server.query('SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1)', [
        this.rolePrefix,
      ]);
      for (const { rolname } of rows) await server.query(`DROP ROLE "${rolname}"`);
    } finally {
      await server.end();
    }
  }
}
