import {
  context,
  Context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

const tracer = trace.getTracer('@payments/transfers');

/**
 * The W3C `traceparent` of the active trace, kept with a new transaction's rail attempt so that the
 * settlement worker continues the creating request's trace (docs/operations.md#tracing). Undefined
 * with no SDK registered, whose propagator writes nothing.
 */
export function activeTraceparent(): string | undefined {
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** One transaction's settlement step, traced as part of the request that created the transaction. */
export interface SettlementSpan {
  /** The context to run the step's work in, and to write its events under. */
  context: Context;
  /** Ends the span, marked failed when the step is retried or parked. */
  end(outcome: string, failed: boolean): void;
}

/**
 * Starts an INTERNAL span `settlement <step>` whose parent is the stored `traceparent` (a trace of
 * its own when there is none). With no SDK registered the tracer and propagator are no-ops: a few
 * calls that return at once, and nothing is recorded.
 */
export function startSettlementSpan(traceparent: string | null, step: string): SettlementSpan {
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
  const span = tracer.startSpan(`settlement ${step}`, { kind: SpanKind.INTERNAL }, parent);
  return {
    context: trace.setSpan(parent, span),
    end: (outcome, failed) => {
      if (span.isRecording()) {
        span.setAttribute('payments.settlement.outcome', outcome);
        if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    },
  };
}
