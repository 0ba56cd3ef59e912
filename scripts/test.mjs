// `npm test`: the same set-up as `npm start` (install, Kafka, PostgreSQL, Redis, build), then type
// checks, lint, the whole Jest suite (unit, integration and end-to-end tiers) and the fault suite.
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib/apps.mjs';
import { setup } from './setup.mjs';

const log = (line) => console.log(`[test] ${line}`);

function run(title, command, args, env = process.env) {
  log(title);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    log(`${title} failed`);
    process.exit(result.status ?? 1);
  }
}

try {
  await setup(process.env, { log });
} catch (error) {
  log(`set-up failed: ${error.message}`);
  process.exit(1);
}
run('Type check (apps, libs, scripts)', 'npm', ['run', '--silent', 'typecheck']);
run('Lint (with Nx module boundaries)', 'npm', ['run', '--silent', 'lint'], {
  ...process.env,
  NX_DAEMON: 'false',
});
run('OpenAPI document is up to date', process.execPath, ['scripts/openapi.mjs', '--check']);
run('AsyncAPI document is up to date', process.execPath, ['scripts/asyncapi.mjs', '--check', '--no-build']);
run('Jest: unit, integration, e2e', 'npx', ['jest', '--runInBand', ...process.argv.slice(2)], {
  ...process.env,
  E2E_SKIP_BUILD: 'true',
});
// Arguments pick Jest tests to run; the fault suite (about ten minutes) runs with the whole suite only.
if (process.argv.length > 2) log('Fault injection skipped: Jest was given arguments');
else run('Fault injection (npm run faults)', process.execPath, ['scripts/faults.mjs']);
