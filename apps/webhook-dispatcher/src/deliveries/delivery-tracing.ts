import {
  context,
  propagation,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { channel } from 'node:diagnostics_channel';
import { AttemptResult } from '@webhooks/deliveries/delivery-policy';

const tracer = trace.getTracer('@payments/webhook-dispatcher');

/** Where undici announces each request: OpenTelemetry's undici instrumentation adds its headers there. */
const undiciRequests = channel('undici:request:create');

/**
 * Runs a webhook attempt in the trace of the event its delivery was enqueued for (`traceparent`, or
 * the active trace when there is none), in a CLIENT span `webhook deliver`, and hands `attempt` the
 * trace headers to send (docs/api.md#webhooks). With no SDK registered the tracer is a no-op: the
 * stored `traceparent` goes as it came. With one (sampled or not), the request runs inside the span,
 * and the header is left to the undici instrumentation when it listens, so the request never
 * carries two.
 */
export async function inDeliverySpan(
  traceparent: string | null | undefined,
  attempt: (traceHeaders: Record<string, string>) => Promise<AttemptResult>,
): Promise<AttemptResult> {
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : context.active();
  const span = tracer.startSpan('webhook deliver', { kind: SpanKind.CLIENT }, parent);
  // The no-op tracer hands back the parent's span context (or an invalid one); an SDK makes a new span.
  const own = span.spanContext();
  if (!isSpanContextValid(own) || own.spanId === trace.getSpanContext(parent)?.spanId) {
    return attempt(traceparent ? { traceparent } : {});
  }
  const active = trace.setSpan(parent, span);
  const traceHeaders: Record<string, string> = {};
  if (!undiciRequests.hasSubscribers) propagation.inject(active, traceHeaders);
  try {
    const result = await context.with(active, () => attempt(traceHeaders));
    if (result.responseStatus !== undefined)
      span.setAttribute('http.response.status_code', result.responseStatus);
    if (result.error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: result.error });
    return result;
  } finally {
    span.end();
  }
}
