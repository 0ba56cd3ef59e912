import { Client } from 'pg';
import { AppRoles, passwordVariable, RolesDatabase, verifierAccepts } from './database-roles-kit';

/** SQLSTATE of a refused right ("permission denied", "must be owner"). */
const INSUFFICIENT_PRIVILEGE = '42501';

/** Everything the script decides: owners, rights, default rights, the roles and their passwords. */
const PRIVILEGES_SNAPSHOT = `
  SELECT json_build_object(
    'database', (SELECT datacl::text FROM pg_database WHERE datname = current_database()),
    'schemas', (SELECT json_agg(json_build_object('name', nspname, 'owner', nspowner::regrole::text,
                  'acl', nspacl::text) ORDER BY nspname) FROM pg_namespace WHERE nspname !~ '^(pg_|information_schema)'),
    'relations', (SELECT json_agg(json_build_object('name', oid::regclass::text, 'owner', relowner::regrole::text,
                  'acl', relacl::text) ORDER BY oid::regclass::text)
                  FROM pg_class WHERE relnamespace::regnamespace::text !~ '^(pg_|information_schema)'),
    'defaults', (SELECT json_agg(json_build_object('role', defaclrole::regrole::text,
                  'schema', defaclnamespace::regnamespace::text, 'type', defaclobjtype, 'acl', defaclacl::text)
                  ORDER BY defaclrole::regrole::text, defaclobjtype) FROM pg_default_acl),
    'roles', (SELECT json_agg(json_build_object('name', rolname, 'password', rolpassword, 'login', rolcanlogin,
                  'super', rolsuper, 'createrole', rolcreaterole, 'createdb', rolcreatedb) ORDER BY rolname)
                  FROM pg_authid WHERE starts_with(rolname, $1))
  ) AS snapshot`;

async function refusal(client: Client, sql: string): Promise<string | undefined> {
  try {
    await client.query(sql);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('npm run db:roles on a fresh database, then every app migrated by its migrator', () => {
  let database: RolesDatabase;
  const clients: Client[] = [];
  const connect = async (role: string) => clients[clients.push(await database.connect(role)) - 1];
  const otherThan = (app: AppRoles) =>
    database.roles[(database.roles.indexOf(app) + 1) % database.roles.length];

  beforeAll(async () => {
    database = await RolesDatabase.create();
    await database.migrateAsMigrators();
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await database?.drop();
  });

  it('names two roles per app after its schema, and stores each password as a SCRAM verifier of it', async () => {
    expect(database.roles.map(({ app }) => app).sort()).toEqual([
      'bulk-import-worker',
      'customers',
      'gateway',
      'ledger',
      'quoting',
      'transfers',
      'webhook-dispatcher',
    ]);
    for (const { app, migrator, runtime } of database.roles) {
      for (const [role, kind] of [
        [migrator, 'migrator'],
        [runtime, 'runtime'],
      ] as const) {
        const [{ rolpassword }] = await database.query<{ rolpassword: string }>(
          'SELECT rolpassword FROM pg_authid WHERE rolname = $1',
          [role],
        );
        expect(verifierAccepts(rolpassword, database.passwords[passwordVariable(app, kind)])).toBe(true);
        expect(verifierAccepts(rolpassword, 'another password')).toBe(false);
      }
    }
  });

  it('makes each migrator the owner of its schema and of everything its migrations created', async () => {
    for (const { schema, migrator } of database.roles) {
      const owners = await database.query<{ owner: string }>(
        `SELECT DISTINCT relowner::regrole::text AS owner FROM pg_class WHERE relnamespace = $1::text::regnamespace
         UNION SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $1`,
        [schema],
      );
      expect(owners).toEqual([{ owner: migrator }]);
    }
  });

  it("lets each runtime role read and write its own schema's rows, identity columns included", async () => {
    for (const { runtime } of database.roles) {
      const client = await connect(runtime);
      const { rows } = await client.query(
        `INSERT INTO outbox (topic, message_key, payload) VALUES ('t', 'k', '{}') RETURNING id`,
      );
      await client.query(`UPDATE outbox SET payload = '{"a":1}' WHERE id = $1`, [rows[0].id]);
      expect(
        (await client.query('SELECT payload FROM outbox WHERE id = $1 FOR UPDATE', [rows[0].id])).rows,
      ).toEqual([{ payload: '{"a":1}' }]);
      expect((await client.query('DELETE FROM outbox WHERE id = $1', [rows[0].id])).rowCount).toBe(1);
    }
  });

  it('refuses every runtime role DDL, TRUNCATE, new schemas and writes to the migrations record, in its schema and in public', async () => {
    for (const { schema, runtime } of database.roles) {
      const client = await connect(runtime);
      for (const sql of [
        `CREATE TABLE "${schema}".intruder (id int)`,
        `ALTER TABLE "${schema}".outbox ADD COLUMN intruder int`,
        `DROP TABLE "${schema}".inbox`,
        `CREATE INDEX intruder ON "${schema}".inbox (processed_at)`,
        `TRUNCATE "${schema}".inbox`,
        `INSERT INTO "${schema}".migrations (timestamp, name) VALUES (1, 'Intruder1')`,
        `UPDATE "${schema}".migrations SET name = 'Intruder1'`,
        `DELETE FROM "${schema}".migrations`,
        'CREATE TABLE public.intruder (id int)',
        'CREATE SCHEMA intruder',
      ])
        expect([sql, await refusal(client, sql)]).toEqual([sql, INSUFFICIENT_PRIVILEGE]);
    }
  });

  it("refuses every role another app's schema, and migrators anything outside their own", async () => {
    for (const app of database.roles) {
      const other = otherThan(app).schema;
      for (const role of [app.runtime, app.migrator]) {
        const client = await connect(role);
        for (const sql of [
          `SELECT * FROM "${other}".outbox`,
          `INSERT INTO "${other}".inbox VALUES ('c', gen_random_uuid())`,
        ])
          expect([role, sql, await refusal(client, sql)]).toEqual([role, sql, INSUFFICIENT_PRIVILEGE]);
      }
      const migrator = await connect(app.migrator);
      for (const sql of [
        `CREATE TABLE "${other}".intruder (id int)`,
        'CREATE TABLE public.intruder (id int)',
        'CREATE SCHEMA intruder',
      ])
        expect([sql, await refusal(migrator, sql)]).toEqual([sql, INSUFFICIENT_PRIVILEGE]);
    }
  });

  it('gives the runtime role the rows of a table a later migration adds, by the migrator’s default privileges', async () => {
    const [app] = database.roles;
    const migrator = await connect(app.migrator);
    await migrator.query('CREATE TABLE later_table (id bigserial PRIMARY KEY, note text)');
    const runtime = await connect(app.runtime);
    await runtime.query(`INSERT INTO later_table (note) VALUES ('by the runtime role')`);
    expect((await runtime.query('SELECT note FROM later_table')).rows).toEqual([
      { note: 'by the runtime role' },
    ]);
    expect(await refusal(runtime, 'DROP TABLE later_table')).toBe(INSUFFICIENT_PRIVILEGE);
    await migrator.query('DROP TABLE later_table');
  });

  it('changes nothing when run again, even with other passwords at hand', async () => {
    const before = await database.query(PRIVILEGES_SNAPSHOT, [database.rolePrefix]);
    const otherPasswords = Object.fromEntries(Object.keys(database.passwords).map((name) => [name, 'other']));

    const again = await database.runScript([], otherPasswords);

    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(again.stdout).changes).toEqual([]);
    expect(await database.query(PRIVILEGES_SNAPSHOT, [database.rolePrefix])).toEqual(before);
  });

  it('gives new passwords only with --rotate, only to the roles named, and never prints them', async () => {
    const { runtime } = database.roles[0];
    const variable = passwordVariable(database.roles[0].app, 'runtime');
    const verifier = async (role: string) =>
      (
        await database.query<{ rolpassword: string }>(
          'SELECT rolpassword FROM pg_authid WHERE rolname = $1',
          [role],
        )
      )[0].rolpassword;
    const untouched = await verifier(database.roles[1].runtime);

    const rotated = await database.runScript(['--rotate'], { [variable]: 'rotated-secret' });

    expect(rotated.code).toBe(0);
    expect(JSON.parse(rotated.stdout).changes).toEqual([`new password for ${runtime}`]);
    expect(rotated.stdout + rotated.stderr).not.toContain('rotated-secret');
    expect(verifierAccepts(await verifier(runtime), 'rotated-secret')).toBe(true);
    expect(await verifier(database.roles[1].runtime)).toBe(untouched);
    database.passwords[variable] = 'rotated-secret';
  });
});

describe('npm run db:roles on a database the shared superuser URL migrated', () => {
  let database: RolesDatabase;

  afterAll(() => database?.drop());

  it('hands the schema and everything in it to the migrator, whose next migration and runtime role then work', async () => {
    database = await RolesDatabase.create();
    await database.query('DROP SCHEMA ledger CASCADE');
    // As a deployment before per-app roles: the ledger migrated with the administrator's URL.
    const { LEDGER_SCHEMA } = await import('@ledger/database');
    const { runMigrations } = await import('@payments/persistence');
    await runMigrations(database.adminUrl, LEDGER_SCHEMA);

    const run = await database.runScript([]);
    await database.migrateAsMigrators();

    const ledger = database.roles.find(({ app }) => app === 'ledger')!;
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).changes).toEqual(
      expect.arrayContaining(['ALTER TABLE ledger.accounts OWNER TO "' + ledger.migrator + '"']),
    );
    const owners = await database.query(
      `SELECT DISTINCT relowner::regrole::text AS owner FROM pg_class WHERE relnamespace = 'ledger'::regnamespace`,
    );
    expect(owners).toEqual([{ owner: ledger.migrator }]);
    const migrator = await database.connect(ledger.migrator);
    const runtime = await database.connect(ledger.runtime);
    try {
      await migrator.query('ALTER TABLE accounts ADD COLUMN later_column text');
      await runtime.query(`INSERT INTO inbox (consumer, event_id) VALUES ('c', gen_random_uuid())`);
      expect((await runtime.query('SELECT later_column FROM accounts')).rows).toEqual([]);
    } finally {
      await Promise.all([migrator.end(), runtime.end()]);
    }
  });
});
