import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const REPO_ROOT = join(__dirname, '..', '..', '..');

/**
 * Runs `source` in a child Node process from the repository's root, with the ES module at `modulePath`
 * (say, `scripts/lib/postgres-tls.mjs`) imported as `lib` and `log` writing a line to stderr: Jest's
 * module sandbox cannot load the ES module scripts. Resolves with what `source` prints to stdout.
 */
export async function runWithScriptModule(modulePath: string, source: string): Promise<string> {
  const script = `const lib = await import('./${modulePath}');
    const log = (line) => process.stderr.write(line + '\\n');
    ${source}`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
  });
  return stdout;
}
