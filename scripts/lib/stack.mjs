// Runs the seven apps as child processes of one supervisor, with their logs in files, restarts an
// app that crashes and stops them gracefully (SIGTERM, then SIGKILL after a grace period).
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { superviseApp } from './app-supervisor.mjs';
import { APPS, appEntry, ROOT } from './apps.mjs';
import { API_PREFIX } from './api-version.mjs';

const READY_TIMEOUT_MS = 90_000;
const LOG_TAIL_LINES = 40;
const REPLICA_PORT_STEP = 100;
const MAX_REPLICAS = 4;

/**
 * The first base port from `preferred` (stepping by 1000) whose whole layout, replica ports included,
 * is free: a stack left over from another checkout or an interrupted run must not break this one.
 */
export async function freeBasePort(preferred) {
  for (let base = preferred; base < 60_000; base += 1000) {
    const ports = APPS.flatMap((app) =>
      Array.from(
        { length: MAX_REPLICAS },
        (_, replica) => base + (app.port - 8080) + REPLICA_PORT_STEP * replica,
      ),
    );
    const free = await Promise.all(ports.map(isPortFree));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`No free port range found from ${preferred}`);
}

function isPortFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => server.close(() => resolve(true)))
      .listen(port, '127.0.0.1');
  });
}

/**
 * Per-app port variables, the gateway's upstream URLs for a port layout starting at `basePort`, and
 * the stack's own caller-assertion secret.
 */
export function stackEnvironment(basePort = 8080) {
  const env = {};
  for (const app of APPS) env[app.portVariable] = String(basePort + (app.port - 8080));
  const url = (portVariable) => `http://127.0.0.1:${env[portVariable]}`;
  Object.assign(env, {
    CUSTOMERS_URL: url('CUSTOMERS_PORT'),
    QUOTING_URL: url('QUOTING_PORT'),
    TRANSFERS_URL: url('TRANSFERS_PORT'),
    LEDGER_URL: url('LEDGER_PORT'),
    BULK_IMPORT_URL: url('BULK_IMPORT_WORKER_PORT'),
    WEBHOOK_DISPATCHER_URL: url('WEBHOOK_DISPATCHER_PORT'),
    // Links the service hands out (KYC pages, bank-link callbacks) point at this stack's gateway.
    PUBLIC_BASE_URL: `${url('GATEWAY_PORT')}${API_PREFIX}`,
    // New platforms' UMA domains (<name>.uma.local) are this stack's gateway, over plain HTTP on
    // loopback, so that its platforms pay each other with the real protocol.
    UMA_DOMAIN_HOSTS: `*.uma.local=127.0.0.1:${env.GATEWAY_PORT}`,
    // Local receivers (webhook endpoints, the stack's own UMA peers) listen on this machine, which the
    // egress guard refuses by default; cloud metadata stays refused (docs/security.md).
    EGRESS_ALLOW_PRIVATE_NETWORKS: 'true',
    // One secret per stack, shared by its apps, which sign and verify calls between them with it
    // (docs/architecture.md, "Calls inside the cluster").
    INTERNAL_AUTH_SECRET: randomBytes(32).toString('base64url'),
  });
  return env;
}

export function appUrls(env) {
  return Object.fromEntries(APPS.map((app) => [app.name, `http://127.0.0.1:${env[app.portVariable]}`]));
}

/**
 * Starts every app (or `replicas` copies of some) and resolves once each answers /ready; from then on
 * an app that exits unexpectedly is restarted with back-off (scripts/lib/app-supervisor.mjs).
 * The handle's `children` are the supervised apps ({ name, url, child, restarts }: `child` is the
 * current process); stop() shuts them down gracefully and ends the restarts, signal() sends a
 * signal to one app (the fault suite's kill -9 and SIGSTOP) and ready() waits until all answer again.
 */
export async function startStack(
  env,
  {
    logDir = `${ROOT}/.cache/logs`,
    log = console.log,
    replicas = {},
    nodeArgs = /** @type {string[]} */ ([]),
  } = {},
) {
  mkdirSync(logDir, { recursive: true });
  const children = [];
  for (const app of APPS) {
    for (let replica = 0; replica < (replicas[app.name] ?? 1); replica++) {
      const name = replica === 0 ? app.name : `${app.name}-${replica}`;
      const childEnv = { ...env };
      // Extra replicas of an app serve HTTP on their own port.
      if (replica > 0)
        childEnv[app.portVariable] = String(Number(env[app.portVariable]) + REPLICA_PORT_STEP * replica);
      const logFile = createWriteStream(`${logDir}/${name}.log`, { flags: 'a' });
      const url = `http://127.0.0.1:${childEnv[app.portVariable]}`;
      children.push(
        superviseApp({
          name,
          entry: appEntry(app.name),
          env: childEnv,
          cwd: ROOT,
          logFile,
          url,
          log,
          nodeArgs,
        }),
      );
    }
  }
  const byName = (name) => {
    const found = children.find((entry) => entry.name === name);
    if (!found) throw new Error(`No app named ${name} in this stack`);
    return found;
  };
  const handle = {
    children,
    stop: () => Promise.all(children.map((entry) => entry.stop())),
    signal: (name, signalName) => byName(name).signal(signalName),
    ready: (timeoutMs = READY_TIMEOUT_MS) =>
      Promise.all(children.map((entry) => waitUntilReady(entry, logDir, timeoutMs))),
  };
  try {
    await handle.ready();
  } catch (error) {
    await handle.stop();
    throw error;
  }
  for (const entry of children) entry.supervised = true;
  return handle;
}

/**
 * Refuses to start over ports something else holds (another checkout's `npm start`, say): its apps
 * would crash in a loop, and the readiness check could be answered by the other stack. Checked before
 * the set-up, which would otherwise rebuild and migrate under the running stack.
 */
export async function assertPortsFree(env) {
  const taken = [];
  for (const app of APPS) {
    const port = Number(env[app.portVariable]);
    if (!(await isPortFree(port))) taken.push(`${port} (${app.portVariable})`);
  }
  if (taken.length > 0)
    throw new Error(
      `ports in use, perhaps by another npm start: ${taken.join(', ')}. Stop what holds them ` +
        `(\`ss -ltnp 'sport = :${taken[0].split(' ')[0]}'\` names it) or set those variables to free ports`,
    );
}

async function waitUntilReady(entry, logDir, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Before supervision starts, an exit is a failed start (bad configuration, say): report it at once.
    if (!entry.supervised && entry.child.exitCode !== null) {
      throw new Error(
        `${entry.name} exited with code ${entry.child.exitCode}; the end of ${logDir}/${entry.name}.log:\n${logTail(logDir, entry.name)}`,
      );
    }
    try {
      const response = await fetch(`${entry.url}/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(
    `${entry.name} was not ready within ${timeoutMs / 1000} s; the end of its log:\n${logTail(logDir, entry.name)}`,
  );
}

function logTail(logDir, name) {
  try {
    return readFileSync(`${logDir}/${name}.log`, 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-LOG_TAIL_LINES)
      .join('\n');
  } catch {
    return '(no log)';
  }
}
