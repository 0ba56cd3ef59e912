// Installs the npm dependencies when they are missing or older than the lockfile; uses only Node
// built-ins because it runs before anything else is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { ROOT } from './apps.mjs';

export function ensureDependencies({ log = console.log } = {}) {
  const installed = `${ROOT}/node_modules/.package-lock.json`;
  const lockfile = `${ROOT}/package-lock.json`;
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lockfile).mtimeMs) return;
  // A worktree whose node_modules links to another checkout's: `npm ci` would empty that one.
  if (existsSync(`${ROOT}/node_modules`) && lstatSync(`${ROOT}/node_modules`).isSymbolicLink()) {
    log('node_modules is a link to another checkout: not reinstalling it (run npm ci there if needed)');
    return;
  }
  log('Installing npm dependencies (npm ci)');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error('npm ci failed; see the output above');
}
