// A throwaway PostgreSQL server that accepts TLS connections only, for the spec of the apps' database
// TLS settings (docs/operations.md, step 4): its certificate is signed by a CA made for it, and its
// pg_hba.conf rejects plaintext. Everything lives in a directory under the system's temp dir, made at
// start and removed at stop, so it runs on a fresh machine beside the developer's own server.
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  appendFileSync,
  chownSync,
  constants,
  existsSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeCertificates } from './test-certificates.mjs';

const SUPERUSER = 'postgres';
/** PostgreSQL refuses to run as root; as root, the server and its files belong to this user. */
const SERVER_USER = 'postgres';
const runsAsRoot = () => process.getuid?.() === 0;

function clusterDir(port) {
  return path.join(tmpdir(), `payments-postgres-tls-${port}`);
}

/** `name` from the newest installed PostgreSQL's bin directory (Debian keeps it off PATH), else PATH's. */
function serverTool(name) {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this version; try the next
    }
  }
  return name;
}

function runServerTool(name, args) {
  const [command, commandArgs] = runsAsRoot()
    ? ['runuser', ['-u', SERVER_USER, '--', serverTool(name), ...args]]
    : [serverTool(name), args];
  const run = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (run.error) throw new Error(`${name} could not run (${run.error.message}); install PostgreSQL.`);
  if (run.status !== 0) throw new Error(`${name} ${args.join(' ')} failed:\n${run.stderr}${run.stdout}`);
}

/** Hands `paths` to the server user when running as root; its key must be its own and private. */
function ownByServer(paths) {
  if (!runsAsRoot()) return;
  const uid = Number(spawnSync('id', ['-u', SERVER_USER], { encoding: 'utf8' }).stdout);
  const gid = Number(spawnSync('id', ['-g', SERVER_USER], { encoding: 'utf8' }).stdout);
  for (const file of paths) chownSync(file, uid, gid);
}

/**
 * Starts a new TLS-only server on `port` (127.0.0.1), replacing one an earlier run left there;
 * resolves with its superuser URL (without sslmode) and the CA file that verifies it.
 */
export async function startTlsPostgres({ port, log = console.log }) {
  stopTlsPostgres({ port, log: () => {} });
  const dir = clusterDir(port);
  const data = path.join(dir, 'data');
  const tls = writeCertificates(path.join(dir, 'tls'), 'payments-test-postgres-ca');
  ownByServer([dir, path.dirname(tls.key), tls.key, tls.certificate]);
  runServerTool('initdb', ['-D', data, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--no-sync']);
  appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'ssl = on',
      `ssl_cert_file = '${tls.certificate}'`,
      `ssl_key_file = '${tls.key}'`,
      'fsync = off',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(data, 'pg_hba.conf'),
    [
      'local all all trust',
      'hostssl all all 127.0.0.1/32 trust',
      'hostnossl all all 127.0.0.1/32 reject',
      '',
    ].join('\n'),
  );
  runServerTool('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start']);
  log(`PostgreSQL with TLS only is ready on 127.0.0.1:${port}`);
  return { url: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`, caFile: tls.ca };
}

/** Stops the server on `port` and removes its directory; nothing to do when none runs. */
export function stopTlsPostgres({ port, log = console.log }) {
  const dir = clusterDir(port);
  const data = path.join(dir, 'data');
  if (existsSync(path.join(data, 'postmaster.pid'))) {
    try {
      runServerTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      log(`Stopped PostgreSQL on 127.0.0.1:${port}`);
    } catch (error) {
      // A pid file a killed run left behind: no server to stop, only its files to remove.
      log(`No PostgreSQL to stop on 127.0.0.1:${port}: ${error.message.split('\n')[1] ?? error.message}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
