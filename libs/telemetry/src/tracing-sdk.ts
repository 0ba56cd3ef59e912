import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';

/** Probes and scrapes: a span each would only bury the traces of real requests. */
const QUIET_PATHS = new Set(['/health', '/ready', '/metrics']);

/**
 * The OpenTelemetry Node SDK for traces only: OTLP/HTTP (JSON bodies) through the SDK's batch
 * processor, sampling from OTEL_TRACES_SAMPLER(_ARG). Metrics and logs stay where they are
 * (Prometheus, stdout), so no metric reader and no log exporter.
 */
export function startTracingSdk(service: string): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: service,
    traceExporter: new OTLPTraceExporter(),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => QUIET_PATHS.has(request.url ?? ''),
      }),
      new UndiciInstrumentation(),
      // A statement's span suffices: a pool checkout span doubled the spans of every statement. A
      // background poll outside any traced work would be a trace of one statement, every interval.
      new PgInstrumentation({ ignoreConnectSpans: true, requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new KafkaJsInstrumentation(),
      // Registers itself on every Fastify instance as it is created, the Nest adapter's included;
      // the route and handler spans suffice, a span per lifecycle hook would cost more than it tells.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: ({ url }) => QUIET_PATHS.has(url),
      }),
    ],
  });
  sdk.start();
  return sdk;
}
