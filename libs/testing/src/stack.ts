import { ApiClient } from './api-client';
import { Credentials } from './credentials';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPO_ROOT = join(__dirname, '..', '..', '..');

export interface BootstrappedPlatform {
  platformId: string;
  sandbox: Credentials;
  production: Credentials;
}

/** What the end-to-end global setup started, written where every test file can read it. */
export interface E2eStack {
  gatewayUrl: string;
  /** Direct URLs of each app, for /health, /ready and /metrics checks. */
  appUrls: Record<string, string>;
  kafkaBrokers: string[];
  topicPrefix: string;
  databaseUrl: string;
  redisUrl: string;
  /** Namespace of the stack's BullMQ keys in Redis. */
  bullmqPrefix: string;
  /** The variables the stack sets beyond the inherited environment: what an extra replica needs. */
  environment: Record<string, string>;
  /** Where each app's log is written, as `<app>.log`. */
  logDir: string;
}

/** Where the global setup wrote its stack; E2E_NAME names a run of its own (test/e2e/global-setup.mjs). */
export const E2E_STACK_FILE = join(
  REPO_ROOT,
  '.cache',
  process.env.E2E_NAME ? `e2e-${process.env.E2E_NAME}` : 'e2e',
  'stack.json',
);

export function e2eStack(): E2eStack {
  return JSON.parse(readFileSync(E2E_STACK_FILE, 'utf8'));
}

/** Where a stack keeps what `npm run bootstrap` writes to. */
export type BootstrapTarget = Pick<E2eStack, 'databaseUrl' | 'kafkaBrokers' | 'topicPrefix' | 'redisUrl'>;

/**
 * Creates a platform with sandbox and production credentials through `npm run bootstrap`, as a new
 * user would; each test uses its own platform so tests never see each other's data. The e2e stack's
 * unless a test runs a `stack` of its own.
 */
export function bootstrapPlatform(
  name = `test-${randomUUID()}`,
  stack: BootstrapTarget = e2eStack(),
): BootstrappedPlatform {
  const output = execFileSync(
    process.execPath,
    [join(REPO_ROOT, 'scripts', 'bootstrap.mjs'), '--platform', name, '--skip-setup'],
    {
      env: {
        ...process.env,
        DATABASE_URL: stack.databaseUrl,
        KAFKA_BROKERS: stack.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: stack.topicPrefix,
        REDIS_URL: stack.redisUrl,
      },
      encoding: 'utf8',
    },
  );
  return JSON.parse(output.trim().split('\n').pop()!);
}

export interface PlatformClients {
  platformId: string;
  sandbox: ApiClient;
  production: ApiClient;
}

/** A new platform of its own, with a client for each environment's credentials. */
export function newPlatformClients(api: ApiClient, stack?: BootstrapTarget): PlatformClients {
  const platform = bootstrapPlatform(undefined, stack);
  return {
    platformId: platform.platformId,
    sandbox: api.withCredentials(platform.sandbox),
    production: api.withCredentials(platform.production),
  };
}

export interface E2ePlatform extends PlatformClients {
  stack: E2eStack;
  /** The gateway's API of the version the tests speak, without credentials. */
  api: ApiClient;
}

/**
 * Call in a describe block: the e2e stack and its API now, and a new platform's clients from this
 * block's first beforeAll, assigned into the object returned. A spec's kit adds its own fields to
 * that object with Object.assign, and its own beforeAll, registered later, runs after this one.
 */
export function e2ePlatform(): E2ePlatform {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  const platform: E2ePlatform = {
    stack,
    api,
    platformId: '',
    sandbox: undefined as unknown as ApiClient,
    production: undefined as unknown as ApiClient,
  };
  beforeAll(() => void Object.assign(platform, newPlatformClients(api)));
  return platform;
}
