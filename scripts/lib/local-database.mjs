// The local PostgreSQL server's address; no dependencies, so that scripts can name it before
// `npm ci` has run.
import { existsSync } from 'node:fs';

/** Where Debian's PostgreSQL (this machine kind's) puts its Unix socket. */
const LOCAL_SOCKET_DIRECTORY = '/var/run/postgresql';

/**
 * A database of the local server: over its Unix socket where the server has one, which spares every
 * statement the loopback TCP stack in both processes (the transfer-out bench ran about a fifth
 * faster), else over 127.0.0.1.
 */
export function localDatabaseUrl(database) {
  return existsSync(LOCAL_SOCKET_DIRECTORY)
    ? `postgres://postgres@localhost/${database}?host=${LOCAL_SOCKET_DIRECTORY}`
    : `postgres://postgres@127.0.0.1:5432/${database}`;
}

/** The service's database on the local server, used unless DATABASE_URL says otherwise. */
export const DEFAULT_DATABASE_URL = localDatabaseUrl('payments');
