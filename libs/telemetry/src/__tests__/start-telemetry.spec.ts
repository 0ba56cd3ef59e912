import { context, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { queueTelemetry } from '../queue-telemetry';
import { startTelemetry, stopTelemetry } from '../start-telemetry';

describe('startTelemetry when tracing is not configured', () => {
  afterEach(() => stopTelemetry());

  it.each([
    ['no endpoint', {}],
    ['the SDK disabled', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1', OTEL_SDK_DISABLED: 'true' }],
  ])('with %s starts nothing: no tracer provider, no context manager, no queue telemetry', (_case, env) => {
    expect(startTelemetry('transfers', env)).toBe(false);
    expect(queueTelemetry()).toBeUndefined();

    const span = trace.getTracer('spec').startSpan('work');
    expect(span.isRecording()).toBe(false);
    context.with(trace.setSpan(ROOT_CONTEXT, span), () => expect(context.active()).toBe(ROOT_CONTEXT));
  });
});
