// Formats, starts and checks a single-node Kafka broker (KRaft) for local runs and CI, on the jars
// kafka-fetch.mjs brings from Maven Central, so neither Docker nor a tarball download is needed;
// kafka-stop.mjs stops one.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import kafkajs from 'kafkajs';
import { assertOnPath, fetchKafka, LIBS_DIR } from './kafka-fetch.mjs';
import { processCommandLine } from './port-owner.mjs';

const { Kafka, logLevel } = kafkajs;

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOOLS_DIR = path.join(REPO_ROOT, 'tools/kafka');
const LOG4J_CONFIG = path.join(TOOLS_DIR, 'log4j.properties');
// The jars are shared; each broker port has its own directory for data, configuration, log and pid,
// so a second broker (the fault suite's, say) can run beside the default one.
const SHARED_CACHE_DIR = path.join(REPO_ROOT, '.cache/kafka');
const DEFAULT_BROKER = '127.0.0.1:9092';
const DEFAULT_PORT = 9092;

/** Where the broker listening on `port` keeps its files: .cache/kafka for 9092, .cache/kafka-<port> otherwise. */
export function brokerFiles(port) {
  const dir = port === DEFAULT_PORT ? SHARED_CACHE_DIR : `${SHARED_CACHE_DIR}-${port}`;
  return {
    dir,
    data: path.join(dir, 'data'),
    clusterId: path.join(dir, 'cluster-id'),
    serverProperties: path.join(dir, 'server.properties'),
    serverLog: path.join(dir, 'server.log'),
    pid: path.join(dir, 'kafka.pid'),
    startLock: path.join(dir, 'start.lock'),
  };
}

const READY_TIMEOUT_MS = 120_000;
const JVM_OPTIONS = ['-Xms256m', '-Xmx512m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export function configuredBrokers(env = process.env) {
  return (env.KAFKA_BROKERS ?? DEFAULT_BROKER)
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
}

export function splitHostPort(broker) {
  const separator = broker.lastIndexOf(':');
  return {
    host: broker.slice(0, separator).replace(/^\[|\]$/g, ''),
    port: Number(broker.slice(separator + 1)),
  };
}

export function isLoopback(broker) {
  const { host } = splitHostPort(broker);
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

async function answersDescribeCluster(brokers) {
  const admin = new Kafka({
    clientId: 'kafka-tooling',
    brokers,
    connectionTimeout: 3000,
    retry: { retries: 0 },
    logLevel: logLevel.NOTHING,
  }).admin();
  try {
    await admin.connect();
    await admin.describeCluster();
    return true;
  } catch {
    return false;
  } finally {
    await admin.disconnect();
  }
}

function clusterId(files) {
  if (existsSync(files.clusterId)) return readFileSync(files.clusterId, 'utf8').trim();
  let id;
  // StorageTool would read a leading '-' as an option.
  do id = randomBytes(16).toString('base64url');
  while (id.startsWith('-'));
  writeFileSync(files.clusterId, `${id}\n`);
  return id;
}

function writeServerProperties(files, port, controllerPort, overrides) {
  const properties = {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@127.0.0.1:${controllerPort}`,
    listeners: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names': 'CONTROLLER',
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'inter.broker.listener.name': 'PLAINTEXT',
    'log.dirs': files.data,
    // One node: a replication factor or ISR above 1 would leave topics, offsets or transactions unusable.
    'default.replication.factor': 1,
    'min.insync.replicas': 1,
    'offsets.topic.replication.factor': 1,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    // Few internal partitions keep startup and the first group join fast.
    'offsets.topic.num.partitions': 4,
    'transaction.state.log.num.partitions': 4,
    'group.initial.rebalance.delay.ms': 0,
    // Topics are created explicitly by the admin client so a typo cannot create one.
    'auto.create.topics.enable': false,
    'num.partitions': 6,
    'log.retention.hours': 168,
    'delete.topic.enable': true,
    ...overrides,
  };
  const lines = Object.entries(properties).map(([key, value]) => `${key}=${value}`);
  writeFileSync(files.serverProperties, `${lines.join('\n')}\n`);
}

function formatStorageIfNeeded(files, formatArguments) {
  if (existsSync(path.join(files.data, 'meta.properties'))) return;
  const format = spawnSync(
    'java',
    [
      '-cp',
      `${LIBS_DIR}/*`,
      `-Dlog4j.configuration=file:${LOG4J_CONFIG}`,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      clusterId(files),
      '-c',
      files.serverProperties,
      '--ignore-formatted',
      ...formatArguments,
    ],
    { encoding: 'utf8' },
  );
  if (format.status !== 0) {
    throw new Error(`Formatting Kafka storage failed:\n${format.stdout}${format.stderr}`);
  }
}

/** Whether a command line runs a Kafka broker: the kafka.Kafka main class or a kafka.server one. */
export function isKafkaBroker(cmdline) {
  return /(^|\s)kafka\.(Kafka|server\.\w+)(\s|$)/.test(cmdline);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function brokerPid(files) {
  if (!existsSync(files.pid)) return undefined;
  const pid = Number(readFileSync(files.pid, 'utf8'));
  if (!pid || !isAlive(pid)) return undefined;
  // After a reboot the pid may belong to another program; where /proc can tell, make sure it is our broker.
  if (existsSync(`/proc/${pid}`) && !isKafkaBroker(processCommandLine(pid))) return undefined;
  return pid;
}

function startBroker(files) {
  const serverLog = openSync(files.serverLog, 'w');
  // Detached in its own process group and unreferenced, so the broker outlives the script that started it.
  const broker = spawn(
    'java',
    [
      ...JVM_OPTIONS,
      `-Dlog4j.configuration=file:${LOG4J_CONFIG}`,
      '-cp',
      `${LIBS_DIR}/*`,
      'kafka.Kafka',
      files.serverProperties,
    ],
    { cwd: files.dir, detached: true, stdio: ['ignore', serverLog, serverLog] },
  );
  broker.unref();
  closeSync(serverLog);
  writeFileSync(files.pid, `${broker.pid}\n`);
  return broker.pid;
}

function serverLogTail(files, lines = 30) {
  if (!existsSync(files.serverLog)) return '(no server log)';
  // Stack frames push the lines that name the cause out of a short tail.
  const messages = readFileSync(files.serverLog, 'utf8')
    .trimEnd()
    .split('\n')
    .filter((line) => !/^\s+at |^\s+\.\.\. \d+ more$/.test(line));
  // A failed start ends in a long orderly shutdown; its cause is the first error and the line after it.
  const firstError = messages.findIndex((line) => / (ERROR|FATAL) /.test(line));
  const cause =
    firstError < 0 ? [] : ['First error:', ...messages.slice(firstError, firstError + 2), 'Last lines:'];
  return [...cause, ...messages.slice(-lines)].join('\n');
}

// Held while one process fetches, formats and starts the broker, so parallel callers (say, test
// runners of several projects) wait for that broker instead of racing to start their own.
function acquireStartLock(files) {
  try {
    writeFileSync(files.startLock, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  if (startLockHolderIsAlive(files)) return false;
  rmSync(files.startLock, { force: true }); // left behind by a start that crashed
  return acquireStartLock(files);
}

function startLockHolderIsAlive(files) {
  if (!existsSync(files.startLock)) return false;
  const holder = Number(readFileSync(files.startLock, 'utf8'));
  return Boolean(holder) && isAlive(holder);
}

async function waitUntilReady(brokers, files, isStillStarting) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await answersDescribeCluster(brokers)) return;
    if (!isStillStarting()) {
      throw new Error(
        `Kafka exited before it was ready. Last lines of ${files.serverLog}:\n${serverLogTail(files)}`,
      );
    }
    await sleep(1000);
  }
  throw new Error(
    `Kafka did not answer at ${brokers.join(',')} within ${READY_TIMEOUT_MS / 1000} s. ` +
      `Last lines of ${files.serverLog}:\n${serverLogTail(files)}`,
  );
}

/**
 * Starts the broker KAFKA_BROKERS names unless it answers. `setup` adds server properties and StorageTool
 * format arguments to the plain broker's (kafka-secured.mjs); the first of KAFKA_BROKERS stays PLAINTEXT.
 * @param {{ log?: (line: string) => void, env?: Record<string, string | undefined>,
 *   setup?: { properties?: Record<string, string>, formatArguments?: string[] } }} [options]
 */
export async function ensureKafka({ log = console.log, env = process.env, setup = {} } = {}) {
  const brokers = configuredBrokers(env);
  const port = splitHostPort(brokers[0]).port;
  const files = brokerFiles(port);
  if (await answersDescribeCluster(brokers)) {
    log(`Kafka is already running at ${brokers.join(',')}`);
    return;
  }
  if (!brokers.every(isLoopback)) {
    throw new Error(
      `Kafka at KAFKA_BROKERS=${brokers.join(',')} is unreachable (only a loopback broker is started here)`,
    );
  }

  mkdirSync(files.data, { recursive: true });
  if (!acquireStartLock(files)) {
    log('Another process is starting Kafka; waiting for it');
    await waitUntilReady(brokers, files, () => startLockHolderIsAlive(files) || Boolean(brokerPid(files)));
  } else {
    try {
      await fetchKafka({ log });
      assertOnPath(
        'java',
        'install a JDK 17 or newer (Debian: apt-get install openjdk-17-jre-headless) to run Kafka.',
      );
      // Our broker may be running yet not answering: still booting, so wait rather than start a second one.
      if (!brokerPid(files)) {
        writeServerProperties(files, port, Number(env.KAFKA_CONTROLLER_PORT ?? 9093), setup.properties);
        formatStorageIfNeeded(files, setup.formatArguments ?? []);
        log(`Starting Kafka (pid ${startBroker(files)}), log at ${files.serverLog}`);
      }
      await waitUntilReady(brokers, files, () => Boolean(brokerPid(files)));
    } finally {
      rmSync(files.startLock, { force: true });
    }
  }
  log(`Kafka is ready at ${brokers.join(',')}`);
}

export async function kafkaStatus(env = process.env) {
  const brokers = configuredBrokers(env);
  return { running: await answersDescribeCluster(brokers), brokers };
}
