// The faults the suite injects, in the order it injects them; `id` is the name --faults and FAULTS
// take (the app's name for a kill). Each `inject` returns once the fault is lifted (a killed app is
// restarted by the stack's supervisor on its own); `context` holds the stack, the suite's
// environment, the platforms, the webhook receiver, and receives the import the import-worker fault starts.
// A fault with `minReplicas` runs only on a stack with that many replicas of every app.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { APPS } from '../lib/apps.mjs';
import { stopKafka } from '../lib/kafka-stop.mjs';
import { ensureKafka } from '../lib/kafka.mjs';
import { importUnderway, uploadImport } from './bulk-import.mjs';

const KAFKA_DOWN_MS = 12_000;
const RECEIVER_FAILING_MS = 12_000;
const RECEIVER_HANGING_MS = 12_000;
const IMPORT_ROWS = 3_000;

const kill = (app) => ({
  id: app,
  name: `kill -9 ${app}`,
  inject: ({ stack }) => stack.signal(app, 'SIGKILL'),
});

export const FAULTS = [
  ...['gateway', 'transfers', 'ledger', 'quoting', 'customers', 'webhook-dispatcher'].map(kill),
  {
    id: 'bulk-import-worker',
    name: 'kill -9 bulk-import-worker',
    async inject(context) {
      const [platform] = context.platforms;
      context.importJob = await uploadImport({ platform, gatewayUrl: context.gatewayUrl, rows: IMPORT_ROWS });
      await importUnderway(platform, context.importJob);
      context.stack.signal('bulk-import-worker', 'SIGKILL');
    },
  },
  {
    id: 'sigstop',
    name: 'SIGSTOP transfers',
    async inject({ stack, env }) {
      stack.signal('transfers', 'SIGSTOP');
      // Beyond the gateway's timeout, so that requests in flight are answered 503 and retried.
      await sleep(Number(env.UPSTREAM_TIMEOUT_MS) + 2_000);
      stack.signal('transfers', 'SIGCONT');
    },
  },
  {
    id: 'kafka',
    name: 'Kafka stopped',
    async inject({ env, log }) {
      await stopKafka({ env, log });
      await sleep(KAFKA_DOWN_MS);
      await ensureKafka({ env, log });
    },
  },
  {
    id: 'postgres',
    name: 'Postgres restarted',
    async inject({ log }) {
      const [version] = readdirSync('/etc/postgresql');
      const args = ['--skip-systemctl-redirect', version, 'main', 'restart'];
      log(`pg_ctlcluster ${args.join(' ')}`);
      const restart = spawnSync('pg_ctlcluster', args, { encoding: 'utf8' });
      if (restart.status !== 0) throw new Error(`pg_ctlcluster failed: ${restart.stderr}`);
    },
  },
  {
    id: 'rolling-restart',
    name: 'rolling restart of every app',
    minReplicas: 2,
    async inject({ stack, log }) {
      for (const app of APPS) {
        log(`rolling restart of ${app.name}`);
        await stack.rollingRestart(app.name);
      }
    },
  },
  {
    id: 'webhooks',
    name: 'webhooks 500 then timeout',
    async inject({ receiver }) {
      receiver.setMode('fail');
      await sleep(RECEIVER_FAILING_MS);
      receiver.setMode('hang');
      await sleep(RECEIVER_HANGING_MS);
      receiver.setMode('ok');
    },
  },
];
