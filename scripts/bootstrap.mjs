// `npm run bootstrap -- --platform NAME [--skip-setup]`: creates the platform if it does not exist and
// prints one JSON line {platformId, sandbox: {clientId, clientSecret}, production: {...}} with full
// permissions. It first runs the set-up (`npm run setup`: servers, build, migrations) unless told not
// to or a stack is running: rebuilding dist/ under running apps broke them (MODULE_NOT_FOUND).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { appEntry, ROOT } from './lib/apps.mjs';

const USAGE = 'usage: npm run bootstrap -- --platform NAME [--skip-setup]';

/** The port of a gateway answering on this machine (`npm start`), if one does. */
async function runningGatewayPort(env) {
  const port = env.GATEWAY_PORT ?? '8080';
  try {
    const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1_000) });
    return response.ok ? port : undefined;
  } catch {
    return undefined;
  }
}

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
    console.error(USAGE);
    process.exit(2);
  }
  try {
    const gatewayPort = values['skip-setup'] ? undefined : await runningGatewayPort(process.env);
    if (gatewayPort)
      console.error(
        `A stack is running (gateway on port ${gatewayPort}): creating the platform only, without rebuilding or migrating`,
      );
    if (!values['skip-setup'] && !gatewayPort) {
      const { setup } = await import('./setup.mjs');
      await setup(process.env, { log: (line) => console.error(line) });
    }
    if (!existsSync(appEntry('customers', 'cli/ensure-platform.js')))
      throw new Error('dist/ has no build: run `npm run build` first (or bootstrap without --skip-setup)');
    console.log(JSON.stringify(await bootstrapPlatform(values.platform)));
  } catch (error) {
    console.error(`bootstrap failed: ${error.message}`);
    process.exit(1);
  }
}
