// Each app's two PostgreSQL roles (docs/operations.md, "Deploying to production", step 4): its
// migrator owns the app's schema and runs its migrations; its runtime role reads and writes the rows
// of that schema and nothing else.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { APPS } from './apps.mjs';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** Postgres cuts longer names short (NAMEDATALEN − 1). */
const MAX_NAME_LENGTH = 63;

/** What a runtime role may do to its schema's tables and sequences (`nextval` needs USAGE). */
const TABLE_RIGHTS = 'SELECT, INSERT, UPDATE, DELETE';
const SEQUENCE_RIGHTS = 'USAGE, SELECT';

const quote = (identifier) => `"${identifier.replaceAll('"', '""')}"`;
const snake = (app) => app.replaceAll('-', '_');

/**
 * Each app's schema and the names of its roles, `<prefix><app>_migrator` and `<prefix><app>_runtime`:
 * roles belong to the whole server, so a prefix keeps two deployments (or a test's roles) apart.
 */
export function appRoles(prefix = '') {
  if (prefix !== '' && !IDENTIFIER.test(prefix))
    throw new Error(`role prefix must be lower-case letters, digits and underscores: ${prefix}`);
  return APPS.map(({ name, schema }) => {
    const roles = {
      app: name,
      schema,
      migrator: `${prefix}${snake(name)}_migrator`,
      runtime: `${prefix}${snake(name)}_runtime`,
    };
    if (roles.migrator.length > MAX_NAME_LENGTH) throw new Error(`role name too long: ${roles.migrator}`);
    return roles;
  });
}

/** The variable a role's password is read from, e.g. BULK_IMPORT_WORKER_RUNTIME_PASSWORD. */
export function passwordVariable(app, kind) {
  return `${snake(app).toUpperCase()}_${kind.toUpperCase()}_PASSWORD`;
}

/**
 * The SCRAM-SHA-256 verifier Postgres keeps for `password` (RFC 5802, as psql's `\password` makes
 * it), sent in its place: no server log or statistics view ever holds the password itself.
 */
export function scramVerifier(password, salt = randomBytes(16), iterations = 4096) {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const hmac = (text) => createHmac('sha256', salted).update(text).digest();
  const storedKey = createHash('sha256').update(hmac('Client Key')).digest();
  const base64 = (bytes) => bytes.toString('base64');
  return `SCRAM-SHA-256$${iterations}:${base64(salt)}$${base64(storedKey)}:${base64(hmac('Server Key'))}`;
}

/**
 * Objects of the schema some other role owns (a schema first migrated with the shared superuser
 * URL): handed to the migrator, which later migrations alter. A serial or identity column's
 * sequence follows its table; indexes and triggers follow their table too.
 */
const FOREIGN_OWNED_OBJECTS = `
  SELECT CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                        ELSE 'TABLE' END AS kind, c.oid::regclass::text AS name
    FROM pg_class c
   WHERE c.relnamespace = $1::text::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
     AND c.relowner <> $2::text::regrole
     AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                        AND d.objid = c.oid AND d.deptype IN ('a', 'i'))
  UNION ALL
  SELECT 'ROUTINE', p.oid::regprocedure::text FROM pg_proc p
   WHERE p.pronamespace = $1::text::regnamespace AND p.proowner <> $2::text::regrole
   ORDER BY 1, 2`;

/** Creates the role, or gives it a new password when rotating and one is given; what it changed. */
async function ensureRole(client, role, password, rotate) {
  const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  if (rowCount === 0) {
    await client.query(`CREATE ROLE ${quote(role)} LOGIN PASSWORD '${scramVerifier(password)}'`);
    return [`created role ${role}`];
  }
  if (!rotate || password === undefined) return [];
  await client.query(`ALTER ROLE ${quote(role)} PASSWORD '${scramVerifier(password)}'`);
  return [`new password for ${role}`];
}

/** Makes the migrator the owner of the schema and of everything in it; what it changed. */
async function handOverSchema(client, { schema, migrator }) {
  const {
    rows: [found],
  } = await client.query('SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = $1', [
    schema,
  ]);
  const statements = [];
  if (!found) statements.push(`CREATE SCHEMA ${quote(schema)} AUTHORIZATION ${quote(migrator)}`);
  else {
    if (found.owner !== migrator)
      statements.push(`ALTER SCHEMA ${quote(schema)} OWNER TO ${quote(migrator)}`);
    const { rows } = await client.query(FOREIGN_OWNED_OBJECTS, [schema, migrator]);
    statements.push(...rows.map(({ kind, name }) => `ALTER ${kind} ${name} OWNER TO ${quote(migrator)}`));
  }
  for (const statement of statements) await client.query(statement);
  return statements;
}

/**
 * The runtime role's rights, on what exists now and, through the migrator's default privileges, on
 * every table and sequence its later migrations create. Granting a right already held changes nothing.
 */
function grantsOf({ schema, migrator, runtime }, database) {
  const [db, s, m, r] = [database, schema, migrator, runtime].map(quote);
  return [
    `GRANT CONNECT ON DATABASE ${db} TO ${m}, ${r}`,
    `REVOKE ALL ON SCHEMA ${s} FROM PUBLIC`,
    `GRANT USAGE ON SCHEMA ${s} TO ${r}`,
    `GRANT ${TABLE_RIGHTS} ON ALL TABLES IN SCHEMA ${s} TO ${r}`,
    `GRANT ${SEQUENCE_RIGHTS} ON ALL SEQUENCES IN SCHEMA ${s} TO ${r}`,
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${m} IN SCHEMA ${s} GRANT ${TABLE_RIGHTS} ON TABLES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${m} IN SCHEMA ${s} GRANT ${SEQUENCE_RIGHTS} ON SEQUENCES TO ${r}`,
  ];
}

/**
 * The record of applied migrations is the migrator's to write, as the migration step keeps it
 * (libs/persistence, migrate.ts): granting on all tables above gave the runtime role its writes.
 */
async function keepMigrationRecordFrom(client, { schema, runtime }) {
  const { rowCount } = await client.query(
    `SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = 'migrations'`,
    [schema],
  );
  if (rowCount > 0)
    await client.query(`REVOKE INSERT, UPDATE, DELETE ON ${quote(schema)}.migrations FROM ${quote(runtime)}`);
}

/**
 * No role creates schemas, nor objects in `public` (PUBLIC may, in a database made before
 * PostgreSQL 15): a migrator creates only in the schema it owns.
 */
async function revokeCreateFromPublic(client, database) {
  await client.query(`REVOKE CREATE ON DATABASE ${quote(database)} FROM PUBLIC`);
  const { rowCount } = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'public'`);
  if (rowCount > 0) await client.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
}

/**
 * Creates every app's roles and grants their rights, in one transaction of `client` (an
 * administrator's connection to the database), one run at a time. `passwords` maps each
 * passwordVariable to its value; a role that does not exist yet needs one. Answers what changed:
 * nothing on a second run.
 */
export async function applyRoles(client, { roles, passwords, rotate = false }) {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['db-roles']);
    const {
      rows: [{ database }],
    } = await client.query('SELECT current_database() AS database');
    const { rows: existing } = await client.query('SELECT rolname FROM pg_roles WHERE rolname = ANY($1)', [
      roles.flatMap(({ migrator, runtime }) => [migrator, runtime]),
    ]);
    const exists = new Set(existing.map(({ rolname }) => rolname));
    const missing = roles.flatMap((app) =>
      ['migrator', 'runtime'].flatMap((kind) => {
        const variable = passwordVariable(app.app, kind);
        return exists.has(app[kind]) || passwords[variable] ? [] : [variable];
      }),
    );
    if (missing.length > 0)
      throw new Error(`passwords needed for the roles to create: ${missing.join(', ')}`);
    const changes = [];
    for (const app of roles) {
      for (const kind of ['migrator', 'runtime'])
        changes.push(
          ...(await ensureRole(client, app[kind], passwords[passwordVariable(app.app, kind)], rotate)),
        );
      changes.push(...(await handOverSchema(client, app)));
      for (const statement of grantsOf(app, database)) await client.query(statement);
      await keepMigrationRecordFrom(client, app);
    }
    await revokeCreateFromPublic(client, database);
    await client.query('COMMIT');
    return { database, changes };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
