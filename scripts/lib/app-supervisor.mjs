// One app as a supervised child process: once the stack is up, an unexpected exit (a crash, an OOM
// kill, `kill -9` by an operator) restarts it with exponential back-off, as Kubernetes would.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** Up this long, an app counts as healthy again and its next crash restarts it after the first delay. */
const STABLE_UPTIME_MS = 60_000;
const STOP_GRACE_MS = 15_000;

/**
 * Starts `entry` (the app's file and environment, with `nodeArgs` for Node itself, such as a
 * profiler's) with its output appended to `logFile`. The returned
 * handle's `child` is the current process (replaced at each restart) and `restarts` counts restarts.
 */
export function superviseApp({
  name,
  entry,
  env,
  cwd,
  logFile,
  url,
  log,
  nodeArgs = /** @type {string[]} */ ([]),
}) {
  let restartTimer;
  let consecutiveCrashes = 0;
  const launch = () => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, entry], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // end: false, so that the first process's exit does not close the log its successors write to.
    child.stdout.pipe(logFile, { end: false });
    child.stderr.pipe(logFile, { end: false });
    child.once('exit', (code, signalName) => {
      if (app.stopping || app.restarting || !app.supervised) return;
      consecutiveCrashes = Date.now() - startedAt >= STABLE_UPTIME_MS ? 1 : consecutiveCrashes + 1;
      const delayMs = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (consecutiveCrashes - 1));
      app.restarts++;
      log(
        `${name} exited (${signalName ?? `code ${code}`}); restarting in ${delayMs / 1000} s (restart ${app.restarts})`,
      );
      restartTimer = setTimeout(() => {
        if (!app.stopping) app.child = launch();
      }, delayMs);
    });
    return child;
  };
  const app = {
    name,
    url,
    child: launch(),
    restarts: 0,
    /** Set once the app first answered /ready: a crash before that is a start failure, not restarted. */
    supervised: false,
    stopping: false,
    restarting: false,
    signal: (signalName) => app.child.kill(signalName),
    stop: async () => {
      app.stopping = true;
      clearTimeout(restartTimer);
      await stopChild(app, log);
    },
    /** A graceful stop and a new start, as a rolling update replaces a pod; resolves once it is started. */
    restart: async () => {
      app.restarting = true;
      clearTimeout(restartTimer);
      await stopChild(app, log);
      app.child = launch();
      app.restarting = false;
    },
  };
  return app;
}

async function stopChild(app, log) {
  const { child } = app;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A paused app (SIGSTOP by the fault suite) would never see SIGTERM.
  child.kill('SIGCONT');
  child.kill('SIGTERM');
  // Unreferenced: once the child has exited, the grace timer must not keep this process alive
  // (it kept Jest running up to 15 s after its e2e teardown).
  const grace = sleep(STOP_GRACE_MS, undefined, { ref: false });
  const stopped = await Promise.race([exited.then(() => true), grace.then(() => false)]);
  if (!stopped) {
    log(`${app.name} did not stop within ${STOP_GRACE_MS / 1000} s; killing it`);
    child.kill('SIGKILL');
    await exited;
  }
}
