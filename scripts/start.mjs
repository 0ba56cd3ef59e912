// `npm start`: sets up whatever is missing, starts every app on local defaults and prints the gateway
// URL with sandbox and production credentials of a default platform. An app that crashes is restarted
// with back-off (logged with its restart count). Ctrl-C stops the apps; Kafka keeps running for the
// next start (`npm run kafka stop` stops it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/apps.mjs';
import { assertPortsFree, stackEnvironment, startStack } from './lib/stack.mjs';
import { setup } from './setup.mjs';
import { API_PREFIX } from './lib/api-version.mjs';

const { values } = parseArgs({
  options: { 'no-build': { type: 'boolean' }, platform: { type: 'string', default: 'default' } },
});
const log = (line) => console.log(`[start] ${line}`);

// Explicitly set variables win over the default port layout.
/** @type {NodeJS.ProcessEnv} */
const env = { ...stackEnvironment(), ...process.env };

const startedAt = Date.now();
try {
  await assertPortsFree(env);
  await setup(env, { log, build: !values['no-build'] });
  const stack = await startStack(env, { log });
  const gatewayUrl = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  const credentials = await defaultCredentials(values.platform, gatewayUrl);
  console.log(
    [
      '',
      `Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Logs: .cache/logs/<app>.log`,
      `Gateway:     ${gatewayUrl}${API_PREFIX}   (API docs: ${gatewayUrl}/docs)`,
      `Console:     ${gatewayUrl}/console   (sign in with a clientId and clientSecret below)`,
      `Platform:    ${credentials.platformId}`,
      `Sandbox:     ${credentials.sandbox.clientId}:${credentials.sandbox.clientSecret}`,
      `Production:  ${credentials.production.clientId}:${credentials.production.clientSecret}`,
      egressLine(env.EGRESS_ALLOW_PRIVATE_NETWORKS === 'true'),
      '',
      `Try: curl -u ${credentials.sandbox.clientId}:${credentials.sandbox.clientSecret} ${gatewayUrl}${API_PREFIX}/config`,
      'Press Ctrl-C to stop.',
    ].join('\n'),
  );
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      log('Stopping the apps');
      await stack.stop();
      process.exit(0);
    });
  }
} catch (error) {
  console.error(`[start] failed: ${error.message}`);
  process.exit(1);
}

/**
 * The default platform's credentials are kept in .cache so that every start prints the same pair;
 * new ones are issued when the stored pair no longer authenticates (a new database, say).
 */
async function defaultCredentials(platform, gatewayUrl) {
  const file = `${ROOT}/.cache/credentials-${platform}.json`;
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    const auth = Buffer.from(`${stored.sandbox.clientId}:${stored.sandbox.clientSecret}`).toString('base64');
    const response = await fetch(`${gatewayUrl}${API_PREFIX}/config`, {
      headers: { authorization: `Basic ${auth}` },
    });
    if (response.status === 200) return stored;
  }
  const { bootstrapPlatform } = await import('./bootstrap.mjs');
  const credentials = await bootstrapPlatform(platform, env);
  mkdirSync(`${ROOT}/.cache`, { recursive: true });
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/** Says whether webhooks and UMA peers may reach this machine and private networks (docs/security.md). */
function egressLine(allowPrivateNetworks) {
  return allowPrivateNetworks
    ? 'Egress:      private networks and loopback ALLOWED (EGRESS_ALLOW_PRIVATE_NETWORKS=true; local receivers work; cloud metadata refused)'
    : 'Egress:      private networks and loopback refused (EGRESS_ALLOW_PRIVATE_NETWORKS=false)';
}
