// Which process listens on a TCP port, from /proc alone (Linux): the listening socket's inode and
// owner in /proc/net/tcp{,6}, then the process holding that inode among /proc/<pid>/fd.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const LISTEN_STATE = '0A';

/**
 * The listener on `port`: `{ uid, pid, cmdline, cwd }`, where pid is undefined when the socket is
 * another user's and their file descriptors cannot be read; undefined when nothing listens.
 */
export function portOwner(port) {
  const socket = listeningSocket(port);
  if (!socket) return undefined;
  const pid = pidHoldingSocket(socket.inode);
  if (pid === undefined) return { uid: socket.uid };
  return {
    uid: socket.uid,
    pid,
    cmdline: processCommandLine(pid),
    cwd: readOrUndefined(() => readlinkSync(`/proc/${pid}/cwd`)),
  };
}

/** The command line of `pid` with its arguments separated by spaces; '' once it has exited. */
export function processCommandLine(pid) {
  return (
    readOrUndefined(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()) ?? ''
  );
}

function listeningSocket(port) {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = readOrUndefined(() => readFileSync(table, 'utf8').split('\n').slice(1)) ?? [];
    for (const line of lines) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== LISTEN_STATE) continue;
      if (fields[1].split(':').pop() !== portHex) continue;
      return { uid: Number(fields[7]), inode: fields[9] };
    }
  }
  return undefined;
}

function pidHoldingSocket(inode) {
  const target = `socket:[${inode}]`;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    // Other users' descriptors (EACCES) and processes that exit meanwhile (ENOENT) are skipped.
    const fds = readOrUndefined(() => readdirSync(`/proc/${pid}/fd`)) ?? [];
    for (const fd of fds) {
      if (readOrUndefined(() => readlinkSync(`/proc/${pid}/fd/${fd}`)) === target) return Number(pid);
    }
  }
  return undefined;
}

function readOrUndefined(read) {
  try {
    return read();
  } catch {
    return undefined;
  }
}
