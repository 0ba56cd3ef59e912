import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const REPO_ROOT = join(__dirname, '..', '..', '..');

/**
 * Run in a child process (Jest's module sandbox cannot load the ES module scripts): migrates a fresh
 * database unless told the caller did (OWN_STACK_MIGRATE), starts the apps as scripts/lib/stack.mjs
 * does, from a free base port at or above OWN_STACK_BASE_PORT and with each app's own variables
 * (OWN_STACK_APP_ENV), prints the gateway's port once every app is ready, and on SIGTERM stops them
 * and deletes the run's topics and Redis keys, as test/e2e/global-teardown.mjs does for the e2e stack.
 */
const STACK_PROCESS = `
  const { dropDatabase } = await import('./scripts/lib/infra.mjs');
  const { freeBasePort, stackEnvironment, startStack } = await import('./scripts/lib/stack.mjs');
  const { setup } = await import('./scripts/setup.mjs');
  const log = (line) => process.stderr.write('[own stack] ' + line + '\\n');
  const env = { ...process.env, ...stackEnvironment(await freeBasePort(Number(process.env.OWN_STACK_BASE_PORT))) };
  if (env.OWN_STACK_MIGRATE === 'true') {
    await dropDatabase(env.DATABASE_URL).catch(() => undefined);
    await setup(env, { log, build: false });
  }
  const appEnv = JSON.parse(env.OWN_STACK_APP_ENV);
  const stack = await startStack(env, { logDir: env.OWN_STACK_LOG_DIR, log, appEnv });
  process.once('SIGTERM', async () => {
    await stack.stop();
    const { deleteRedisKeys } = await import('./scripts/lib/infra.mjs');
    const { deleteRunResources } = await import('./scripts/lib/kafka-run-resources.mjs');
    const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    await deleteRedisKeys(redisUrl, env.BULLMQ_PREFIX + ':*');
    await deleteRedisKeys(redisUrl, env.RATE_LIMIT_REDIS_PREFIX + '*');
    // Quoting's rate cache is named by the topic prefix.
    await deleteRedisKeys(redisUrl, env.KAFKA_TOPIC_PREFIX + '*');
    await deleteRunResources(env.KAFKA_TOPIC_PREFIX, (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','));
    process.exit(0);
  });
  process.stdout.write(JSON.stringify({ gatewayPort: env.GATEWAY_PORT }) + '\\n');
`;

export interface OwnStackOptions {
  /** Under .cache/, where the apps' logs go (`<name>/logs/<app>.log`). */
  name: string;
  /** Whether the stack drops, creates and migrates DATABASE_URL first; false when the spec migrated it. */
  migrate?: boolean;
  /** Variables of one app's own, by app name (scripts/lib/stack.mjs, startStack's appEnv). */
  appEnv?: Record<string, Record<string, string>>;
}

/** A stack of the apps of its own (the built ones under dist/), started for one spec. */
export class OwnStack {
  private constructor(
    private readonly child: ChildProcess,
    readonly gatewayUrl: string,
    readonly logDir: string,
  ) {}

  static async start(
    env: Record<string, string>,
    basePort: number,
    { name, migrate = true, appEnv = {} }: OwnStackOptions,
  ): Promise<OwnStack> {
    const logDir = join(REPO_ROOT, '.cache', name, 'logs');
    // The apps append to their logs: an earlier run's lines would be read as this one's.
    rmSync(logDir, { recursive: true, force: true });
    const child = spawn(process.execPath, ['--input-type=module', '-e', STACK_PROCESS], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...env,
        OWN_STACK_BASE_PORT: String(basePort),
        OWN_STACK_LOG_DIR: logDir,
        OWN_STACK_MIGRATE: String(migrate),
        OWN_STACK_APP_ENV: JSON.stringify(appEnv),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ready = once(createInterface({ input: child.stdout! }), 'line').then(([line]) => String(line));
    const exited = once(child, 'exit').then(([code]) => ({ code }));
    const first = await Promise.race([ready, exited]);
    if (typeof first !== 'string')
      throw new Error(`the ${name} stack exited with code ${first.code} before it was ready`);
    const { gatewayPort } = JSON.parse(first);
    return new OwnStack(child, `http://127.0.0.1:${gatewayPort}`, logDir);
  }

  /** The JSON lines an app of this stack has logged so far. */
  logLines(app: string): Record<string, unknown>[] {
    return readFileSync(join(this.logDir, `${app}.log`), 'utf8')
      .split('\n')
      .flatMap((line) => {
        try {
          return [JSON.parse(line)];
        } catch {
          return []; // not a log line of the app's, or one still being written
        }
      });
  }

  /** Stops the apps gracefully, which flushes their spans. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }
}
