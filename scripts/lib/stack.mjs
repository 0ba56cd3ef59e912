// Runs the seven apps as child processes of one supervisor, with their logs in files, restarts an
// app that crashes and stops them gracefully (SIGTERM, then SIGKILL after a grace period).
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { superviseApp } from './app-supervisor.mjs';
import { startServiceProxy } from './service-proxy.mjs';
import { APPS, appEntry, ROOT } from './apps.mjs';
import { API_PREFIX } from './api-version.mjs';

const READY_TIMEOUT_MS = 90_000;
const LOG_TAIL_LINES = 40;
const REPLICA_PORT_STEP = 100;
const MAX_REPLICAS = 3;
/** Between taking a replica out of its Service and stopping it: the manifests' preStop sleep, shortened. */
const ENDPOINT_DRAIN_MS = 1_000;

/**
 * The first base port from `preferred` (stepping by 1000) whose whole layout, replica ports included,
 * is free: a stack left over from another checkout or an interrupted run must not break this one.
 */
export async function freeBasePort(preferred) {
  for (let base = preferred; base < 60_000; base += 1000) {
    const ports = APPS.flatMap((app) =>
      Array.from(
        { length: MAX_REPLICAS + 1 },
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
 * Starts every app (or `replicas` copies of some, at most 3) and resolves once each answers /ready;
 * from then on an app that exits unexpectedly is restarted with back-off (scripts/lib/app-supervisor.mjs).
 * An app with several replicas is reached, as in Kubernetes, through a Service on its port
 * (scripts/lib/service-proxy.mjs) that spreads connections over its replicas, each on a port of its own.
 * The handle's `children` are the supervised apps ({ name, app, url, child, restarts }: `child` is the
 * current process; the first replica is named after its app, the others `<app>-<n>`); stop() shuts them
 * down gracefully and ends the restarts, signal() sends a signal to one (the fault suite's kill -9 and
 * SIGSTOP), rollingRestart() replaces an app's replicas one at a time and ready() waits until all answer.
 * `appEnv` gives an app variables of its own, by name: each app's DATABASE_URL when every app
 * connects as its own role (docs/operations.md, step 4).
 */
export async function startStack(
  env,
  {
    logDir = `${ROOT}/.cache/logs`,
    log = console.log,
    replicas = {},
    nodeArgs = /** @type {string[]} */ ([]),
    appEnv = /** @type {Record<string, Record<string, string>>} */ ({}),
  } = {},
) {
  mkdirSync(logDir, { recursive: true });
  const children = [];
  const services = new Map();
  for (const app of APPS) {
    const count = replicas[app.name] ?? 1;
    if (count > MAX_REPLICAS) throw new Error(`at most ${MAX_REPLICAS} replicas of ${app.name}`);
    const servicePort = Number(env[app.portVariable]);
    const replicaPort = (replica) =>
      count === 1 ? servicePort : servicePort + REPLICA_PORT_STEP * (replica + 1);
    for (let replica = 0; replica < count; replica++) {
      const name = replica === 0 ? app.name : `${app.name}-${replica}`;
      const childEnv = { ...env, ...appEnv[app.name], [app.portVariable]: String(replicaPort(replica)) };
      const logFile = createWriteStream(`${logDir}/${name}.log`, { flags: 'a' });
      const url = `http://127.0.0.1:${childEnv[app.portVariable]}`;
      const supervised = superviseApp({
        name,
        entry: appEntry(app.name),
        env: childEnv,
        cwd: ROOT,
        logFile,
        url,
        log,
        nodeArgs,
      });
      children.push(Object.assign(supervised, { app: app.name, port: replicaPort(replica) }));
    }
    if (count > 1)
      services.set(
        app.name,
        await startServiceProxy({
          port: servicePort,
          endpoints: children.filter((entry) => entry.app === app.name).map((entry) => entry.port),
        }),
      );
  }
  const byName = (name) => {
    const found = children.find((entry) => entry.name === name);
    if (!found) throw new Error(`No app named ${name} in this stack`);
    return found;
  };
  const handle = {
    children,
    stop: async () => {
      await Promise.all(children.map((entry) => entry.stop()));
      await Promise.all([...services.values()].map((service) => service.close()));
    },
    signal: (name, signalName) => byName(name).signal(signalName),
    ready: (timeoutMs = READY_TIMEOUT_MS) =>
      Promise.all(children.map((entry) => waitUntilReady(entry, logDir, timeoutMs))),
    rollingRestart: (appName) =>
      rollingRestart(
        children.filter((entry) => entry.app === appName),
        services.get(appName),
        logDir,
      ),
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
 * Replaces `replicas` one at a time as a Deployment's rolling update does with maxUnavailable 1:
 * out of the Service, a pause for connections to stop arriving, a graceful stop, a new start, back
 * into the Service once it answers /ready.
 */
async function rollingRestart(replicas, service, logDir) {
  for (const replica of replicas) {
    service?.remove(replica.port);
    await sleep(ENDPOINT_DRAIN_MS);
    await replica.restart();
    await waitUntilReady(replica, logDir, READY_TIMEOUT_MS);
    service?.add(replica.port);
  }
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
