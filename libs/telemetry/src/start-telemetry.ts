import type { NodeSDK } from '@opentelemetry/sdk-node';
import { serviceName, tracingEnabled } from './telemetry-settings';

let started: NodeSDK | undefined;

/**
 * Starts tracing when it is configured (see tracingEnabled). Must run before http, pg, ioredis,
 * kafkajs, undici or fastify are required: instrumentations patch modules as they load. When tracing
 * is off, the SDK and its instrumentations are not even loaded.
 */
export function startTelemetry(app: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (started || !tracingEnabled(env)) return false;
  // A synchronous require, loaded only here: the patches must be in place before the app's imports.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracingSdk } = require('./tracing-sdk') as typeof import('./tracing-sdk');
  started = startTracingSdk(serviceName(env, app));
  return true;
}

/** Whether this process traces: startTelemetry found tracing configured and started the SDK. */
export function tracingStarted(): boolean {
  return started !== undefined;
}

/** Exports the spans still buffered and stops the SDK; nothing to do when tracing never started. */
export async function stopTelemetry(): Promise<void> {
  const sdk = started;
  started = undefined;
  await sdk?.shutdown();
}
