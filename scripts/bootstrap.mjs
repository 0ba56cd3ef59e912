// `npm run bootstrap -- --platform NAME`: creates the platform if it does not exist and prints one
// JSON line {platformId, sandbox: {clientId, clientSecret}, production: {...}} with full permissions.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { appEntry, ROOT } from './lib/apps.mjs';

export async function bootstrapPlatform(name, env = process.env) {
  const run = (app, file, args) =>
    JSON.parse(
      execFileSync(process.execPath, [appEntry(app, file), ...args], { cwd: ROOT, env, encoding: 'utf8' })
        .trim()
        .split('\n')
        .at(-1) ?? '',
    );
  const { platformId } = run('customers', 'cli/ensure-platform.js', ['--platform', name]);
  const credentials = run('gateway', 'cli/issue-bootstrap-tokens.js', ['--platform-id', platformId]);
  return { platformId, ...credentials };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { platform: { type: 'string' }, 'skip-setup': { type: 'boolean' } },
  });
  if (!values.platform) {
    console.error('usage: npm run bootstrap -- --platform NAME');
    process.exit(2);
  }
  try {
    if (!values['skip-setup']) {
      const { setup } = await import('./setup.mjs');
      await setup(process.env, { log: (line) => console.error(line) });
    }
    console.log(JSON.stringify(await bootstrapPlatform(values.platform)));
  } catch (error) {
    console.error(`bootstrap failed: ${error.message}`);
    process.exit(1);
  }
}
