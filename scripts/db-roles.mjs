// `npm run db:roles -- [--role-prefix PREFIX] [--rotate] [--passwords-from-stdin]`: creates each
// app's migrator and runtime roles in the database of DATABASE_URL (an administrator's URL: a
// superuser, or a role that may create roles and act as them) and grants their rights
// (docs/operations.md, "Deploying to production", step 4). Safe to run again: a second run changes
// nothing. A role's password comes from <APP>_MIGRATOR_PASSWORD or <APP>_RUNTIME_PASSWORD (e.g.
// BULK_IMPORT_WORKER_RUNTIME_PASSWORD), in the environment or as NAME=value lines on stdin; it is
// needed to create the role, and replaces the role's password only with --rotate. Never printed.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { applyRoles, appRoles, passwordVariable } from './lib/db-roles.mjs';
import { DEFAULT_DATABASE_URL } from './lib/infra.mjs';

const USAGE = 'usage: npm run db:roles -- [--role-prefix PREFIX] [--rotate] [--passwords-from-stdin]';

/** The known password variables given in the environment, then on stdin (which wins). */
async function passwordsOf(roles, fromStdin) {
  const variables = roles.flatMap(({ app }) =>
    ['migrator', 'runtime'].map((kind) => passwordVariable(app, kind)),
  );
  const passwords = Object.fromEntries(
    variables.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  if (!fromStdin) return passwords;
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === '') continue;
    const separator = line.indexOf('=');
    const name = line.slice(0, Math.max(separator, 0)).trim();
    // The line's value is a password: only the name may appear in an error.
    if (!variables.includes(name))
      throw new Error(`stdin: expected NAME=password with NAME one of ${variables.join(', ')}`);
    passwords[name] = line.slice(separator + 1);
  }
  return passwords;
}

async function main() {
  const { values } = parseArgs({
    options: {
      'role-prefix': { type: 'string', default: '' },
      rotate: { type: 'boolean', default: false },
      'passwords-from-stdin': { type: 'boolean', default: false },
    },
  });
  const roles = appRoles(values['role-prefix']);
  const passwords = await passwordsOf(roles, values['passwords-from-stdin']);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL });
  await client.connect();
  try {
    const result = await applyRoles(client, { roles, passwords, rotate: values.rotate });
    console.log(
      JSON.stringify({
        ...result,
        roles: roles.map(({ app, schema, migrator, runtime }) => ({ app, schema, migrator, runtime })),
      }),
    );
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(`db:roles failed: ${error.message}`);
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') console.error(USAGE);
  process.exit(error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? 2 : 1);
});
