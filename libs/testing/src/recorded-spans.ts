import { context, propagation, SpanContext, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  InMemorySpanExporter,
  ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

/** The spans a describe block's code ended while recordSpans was registered. */
export interface RecordedSpans {
  ended(): ReadableSpan[];
}

/**
 * Call in a describe block: from its beforeAll to its afterAll, registers a tracer SDK the way a
 * traced app has one (W3C propagation, contexts across awaits), recording spans in memory instead of
 * exporting them. Outside, the default run has none, and the API's no-ops answer.
 */
export function recordSpans(): RecordedSpans {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
  });
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    propagation.disable();
    context.disable();
  });
  return { ended: () => exporter.getFinishedSpans() };
}

/**
 * The W3C traceparent header that propagating `span` (or a bare span context) writes, built by hand
 * so that a spec's expectation does not come from the propagator it checks.
 */
export function traceparentOfSpan(span: SpanContext | { spanContext(): SpanContext }): string {
  const { traceId, spanId, traceFlags } = 'spanContext' in span ? span.spanContext() : span;
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
}

/**
 * Runs `work` inside a new active span (a child of the active one, if any) and ends that span when
 * `work` settles: answers `work`'s result and the traceparent that code run inside it propagates.
 */
export async function inActiveSpan<T>(
  name: string,
  work: () => T | Promise<T>,
): Promise<{ result: T; traceparent: string }> {
  return trace.getTracer('test').startActiveSpan(name, async (span) => {
    try {
      return { result: await work(), traceparent: traceparentOfSpan(span) };
    } finally {
      span.end();
    }
  });
}
