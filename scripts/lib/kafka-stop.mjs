// `npm run kafka -- stop|status`: finds the broker by the port it listens on rather than by this
// checkout's pid file, so a broker started from another checkout (or whose pid file was lost) is
// found too; it is stopped only when the listener is a Kafka broker this user may signal.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { brokerFiles, configuredBrokers, isKafkaBroker, isLoopback, splitHostPort } from './kafka.mjs';
import { portOwner, processCommandLine } from './port-owner.mjs';

const STOP_TIMEOUT_MS = 30_000;

/** Thrown when the broker cannot be stopped; scripts/kafka.mjs prints the message and exits 1. */
class CannotStop extends Error {}

/** Stops the Kafka broker listening on the configured port; resolves quietly when nothing listens. */
export async function stopKafka({ log = console.log, env = process.env } = {}) {
  const broker = configuredBrokers(env)[0];
  if (!isLoopback(broker))
    throw new CannotStop(`KAFKA_BROKERS=${broker} is not on this machine; stop it where it runs`);
  const { port } = splitHostPort(broker);
  const files = brokerFiles(port);
  const owner = portOwner(port);
  if (!owner) {
    rmSync(files.pid, { force: true });
    log(`Nothing listens on port ${port}: Kafka is not running there`);
    return;
  }
  const { pid, uid, cmdline, cwd } = owner;
  if (pid === undefined) {
    throw new CannotStop(
      `Port ${port} is held by a process of user ${userName(uid)} (uid ${uid}), whose processes this user ` +
        `(uid ${process.getuid?.()}) cannot see or signal; ask them, or run this as root`,
    );
  }
  if (!isKafkaBroker(cmdline)) {
    throw new CannotStop(
      `Port ${port} is held by pid ${pid}, which is not a Kafka broker: ${cmdline.slice(0, 200)}`,
    );
  }
  const where = cwd ? ` started in ${cwd}` : '';
  log(`Stopping Kafka on port ${port} (pid ${pid}${where}, user ${userName(uid)})`);
  signal(pid, 'SIGTERM', port);
  if (!(await exits(pid, STOP_TIMEOUT_MS))) {
    log(`Kafka (pid ${pid}) ignored SIGTERM for ${STOP_TIMEOUT_MS / 1000} s; killing it`);
    signal(pid, 'SIGKILL', port);
    await exits(pid, 5_000);
  }
  rmSync(files.pid, { force: true });
  log(`Kafka (pid ${pid}) stopped; port ${port} is free`);
}

/** The listener of the configured port, for `npm run kafka -- status`. */
export function brokerProcess(env = process.env) {
  const { port } = splitHostPort(configuredBrokers(env)[0]);
  const owner = portOwner(port);
  if (!owner) return 'nothing listens on the port';
  if (owner.pid === undefined) return `held by user ${userName(owner.uid)}'s process`;
  return `pid ${owner.pid}${owner.cwd ? `, started in ${owner.cwd}` : ''}`;
}

function signal(pid, signalName, port) {
  try {
    process.kill(pid, signalName);
  } catch (error) {
    if (error.code === 'ESRCH') return; // exited on its own meanwhile
    if (error.code === 'EPERM')
      throw new CannotStop(`Not allowed to signal the Kafka broker on port ${port} (pid ${pid})`);
    throw error;
  }
}

/** Whether `pid` is gone (or became another program) within `timeoutMs`. */
async function exits(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!existsSync(`/proc/${pid}`) || !isKafkaBroker(processCommandLine(pid))) return true;
    await sleep(250);
  }
  return false;
}

function userName(uid) {
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => Number(fields[2]) === uid);
  return entry?.[0] ?? String(uid);
}
