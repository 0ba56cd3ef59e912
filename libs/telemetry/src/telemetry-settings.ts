import { basename, dirname } from 'node:path';

type Environment = Record<string, string | undefined>;

/**
 * Tracing runs only when an OTLP endpoint is configured and the SDK is not disabled: otherwise no
 * SDK and no context manager start, whose AsyncLocalStorage would cost about a tenth of the
 * throughput (docs/operations.md#tracing).
 */
export function tracingEnabled(env: Environment): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return Boolean(endpoint?.trim()) && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true';
}

/** `OTEL_SERVICE_NAME` when set, else the app's own name. */
export function serviceName(env: Environment, app: string): string {
  return env.OTEL_SERVICE_NAME?.trim() || app;
}

/**
 * The app an entry file belongs to: every app starts from `apps/<app>/src/main`, in the sources
 * and in the build (dist/ mirrors the source tree).
 */
export function appOfEntry(entryFile: string | undefined): string | undefined {
  if (!entryFile) return undefined;
  const src = dirname(entryFile);
  if (basename(src) !== 'src' || basename(dirname(dirname(src))) !== 'apps') return undefined;
  return basename(dirname(src));
}
