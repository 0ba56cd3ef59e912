// Runs the seven apps as child processes of one supervisor, with their logs in files, and stops
// them gracefully (SIGTERM, then SIGKILL after a grace period).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { APPS, appEntry, ROOT } from './apps.mjs';

const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 15_000;
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
      Array.from({ length: MAX_REPLICAS }, (_, replica) => base + (app.port - 8080) + REPLICA_PORT_STEP * replica),
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

/** Per-app port variables and the gateway's upstream URLs for a port layout starting at `basePort`. */
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
    PUBLIC_BASE_URL: `${url('GATEWAY_PORT')}/2025-10-13`,
  });
  return env;
}

export function appUrls(env) {
  return Object.fromEntries(APPS.map((app) => [app.name, `http://127.0.0.1:${env[app.portVariable]}`]));
}

/**
 * Starts every app (or `replicas` copies of some) and resolves once each answers /ready.
 * Returns a handle whose stop() shuts them down gracefully.
 */
export async function startStack(env, { logDir = `${ROOT}/.cache/logs`, log = console.log, replicas = {} } = {}) {
  mkdirSync(logDir, { recursive: true });
  const children = [];
  for (const app of APPS) {
    for (let replica = 0; replica < (replicas[app.name] ?? 1); replica++) {
      const name = replica === 0 ? app.name : `${app.name}-${replica}`;
      const childEnv = { ...env };
      // Extra replicas of an app serve HTTP on their own port.
      if (replica > 0) childEnv[app.portVariable] = String(Number(env[app.portVariable]) + REPLICA_PORT_STEP * replica);
      const logFile = createWriteStream(`${logDir}/${name}.log`, { flags: 'a' });
      const child = spawn(process.execPath, ['--enable-source-maps', appEntry(app.name)], {
        cwd: ROOT,
        env: childEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.pipe(logFile);
      child.stderr.pipe(logFile);
      children.push({ name, child, url: `http://127.0.0.1:${childEnv[app.portVariable]}` });
    }
  }
  const handle = { children, stop: () => stopChildren(children, log) };
  try {
    await Promise.all(children.map((entry) => waitUntilReady(entry, logDir)));
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return handle;
}

async function waitUntilReady({ name, child, url }, logDir) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited with code ${child.exitCode}; the end of ${logDir}/${name}.log:\n${logTail(logDir, name)}`);
    }
    try {
      const response = await fetch(`${url}/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${name} was not ready within ${READY_TIMEOUT_MS / 1000} s; the end of its log:\n${logTail(logDir, name)}`);
}

function logTail(logDir, name) {
  try {
    return readFileSync(`${logDir}/${name}.log`, 'utf8').trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n');
  } catch {
    return '(no log)';
  }
}

async function stopChildren(children, log) {
  const running = children.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(async ({ name, child }) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // Unreferenced: once the child has exited, the grace timer must not keep this process alive
      // (it kept Jest running up to 15 s after its e2e teardown).
      const grace = sleep(STOP_GRACE_MS, undefined, { ref: false });
      const stopped = await Promise.race([exited.then(() => true), grace.then(() => false)]);
      if (!stopped) {
        log(`${name} did not stop within ${STOP_GRACE_MS / 1000} s; killing it`);
        child.kill('SIGKILL');
        await exited;
      }
    }),
  );
}
