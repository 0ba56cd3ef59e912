import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  InMemorySpanExporter,
  ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

/** The spans a spec's code ended while RecordedSpans was registered. */
export interface RecordedSpans {
  ended(): ReadableSpan[];
  /** Takes the global tracer, propagator and context manager away again. */
  stop(): Promise<void>;
}

/**
 * Registers a tracer SDK the way a traced app has one (W3C propagation, contexts across awaits),
 * recording spans in memory instead of exporting them; the default run has none, and the API's
 * no-ops answer. Call in beforeAll and stop in afterAll.
 */
export function recordSpans(): RecordedSpans {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    ended: () => exporter.getFinishedSpans(),
    stop: async () => {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
