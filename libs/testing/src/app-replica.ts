import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { eventually } from './eventually';
import { e2eStack } from './stack';

const REPO_ROOT = join(__dirname, '..', '..', '..');
/** Ports of extra replicas step by this from the app's own, as scripts/lib/stack.mjs lays them out. */
const REPLICA_PORT_STEP = 100;

/**
 * Another replica of one of the e2e stack's apps, started by a test to share or take over the
 * stack's work; its log is `<app>-<replica>.log` beside the stack's. The test stops or kills it.
 */
export class AppReplica {
  private constructor(
    readonly name: string,
    readonly url: string,
    private readonly child: ChildProcess,
  ) {}

  /**
   * Starts replica number `replica` (1 and up) of `app`, whose port the stack sets in `portVariable`,
   * with `overrides` of the stack's environment.
   */
  static async start(
    app: string,
    portVariable: string,
    replica: number,
    overrides: Record<string, string> = {},
  ): Promise<AppReplica> {
    const { environment, logDir } = e2eStack();
    const port = Number(environment[portVariable]) + REPLICA_PORT_STEP * replica;
    const name = `${app}-${replica}`;
    const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', join(REPO_ROOT, 'dist', 'apps', app, 'src', 'main.js')],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...environment, ...overrides, [portVariable]: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    const replicaOf = new AppReplica(name, `http://127.0.0.1:${port}`, child);
    await eventually(
      async () => {
        if (child.exitCode !== null)
          throw new Error(`${name} exited with code ${child.exitCode}; see its log`);
        return (await fetch(`${replicaOf.url}/ready`).catch(() => undefined))?.status === 200
          ? true
          : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    return replicaOf;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Freezes the process where it is (SIGSTOP), so a test can look at what it holds. */
  pause(): void {
    this.child.kill('SIGSTOP');
  }

  resume(): void {
    this.child.kill('SIGCONT');
  }

  /** Ends the process at once, as a crash or an OOM kill would: no graceful shutdown. */
  kill(): Promise<void> {
    return this.end('SIGKILL');
  }

  /** Graceful shutdown, as on a deployment's scale-down. */
  stop(): Promise<void> {
    return this.end('SIGTERM');
  }

  private end(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill(signal);
    return exited;
  }
}
