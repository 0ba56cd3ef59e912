import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ExportedSpan } from '@payments/testing';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..');

/**
 * The spans of a trace whose parent is neither another span of the trace nor `rootParent` (the
 * client's span): a link the propagation lost, or a span not exported yet.
 */
export function orphansOf(spans: ExportedSpan[], rootParent: string): ExportedSpan[] {
  const ids = new Set([...spans.map((span) => span.spanId), rootParent]);
  return spans.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId));
}

/** A W3C traceparent a client would send: a new trace id and its own span id, sampled. */
export function clientTraceparent(): { traceparent: string; traceId: string; spanId: string } {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceparent: `00-${traceId}-${spanId}-01`, traceId, spanId };
}

/**
 * Run in a child process (Jest's module sandbox cannot load the ES module scripts): migrates a fresh
 * database and starts the apps as scripts/lib/stack.mjs does, from a free base port at or above
 * TRACING_BASE_PORT, prints the gateway's port once every app is ready, and on SIGTERM stops them and
 * deletes the run's topics and Redis keys, as test/e2e/global-teardown.mjs does for the e2e stack.
 */
const STACK_PROCESS = `
  const { dropDatabase } = await import('./scripts/lib/infra.mjs');
  const { freeBasePort, stackEnvironment, startStack } = await import('./scripts/lib/stack.mjs');
  const { setup } = await import('./scripts/setup.mjs');
  const log = (line) => process.stderr.write('[tracing stack] ' + line + '\\n');
  const env = { ...process.env, ...stackEnvironment(await freeBasePort(Number(process.env.TRACING_BASE_PORT))) };
  await dropDatabase(env.DATABASE_URL).catch(() => undefined);
  await setup(env, { log, build: false });
  const stack = await startStack(env, { logDir: env.TRACING_LOG_DIR, log });
  process.once('SIGTERM', async () => {
    await stack.stop();
    const { deleteRedisKeys } = await import('./scripts/lib/infra.mjs');
    const { deleteRunResources } = await import('./scripts/lib/kafka-run-resources.mjs');
    const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    await deleteRedisKeys(redisUrl, env.BULLMQ_PREFIX + ':*');
    await deleteRedisKeys(redisUrl, env.RATE_LIMIT_REDIS_PREFIX + '*');
    await deleteRunResources(env.KAFKA_TOPIC_PREFIX, (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','));
    process.exit(0);
  });
  process.stdout.write(JSON.stringify({ gatewayPort: env.GATEWAY_PORT }) + '\\n');
`;

/** A stack of the apps of its own (the built ones under dist/), started for one spec. */
export class OwnStack {
  private constructor(
    private readonly child: ChildProcess,
    readonly gatewayUrl: string,
    readonly logDir: string,
  ) {}

  static async start(env: Record<string, string>, basePort: number): Promise<OwnStack> {
    const logDir = join(REPO_ROOT, '.cache', 'e2e-tracing-stack', 'logs');
    const child = spawn(process.execPath, ['--input-type=module', '-e', STACK_PROCESS], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env, TRACING_BASE_PORT: String(basePort), TRACING_LOG_DIR: logDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ready = once(createInterface({ input: child.stdout! }), 'line').then(([line]) => String(line));
    const exited = once(child, 'exit').then(([code]) => ({ code }));
    const first = await Promise.race([ready, exited]);
    if (typeof first !== 'string')
      throw new Error(`the tracing stack exited with code ${first.code} before it was ready`);
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
