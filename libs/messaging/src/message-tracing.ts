import {
  Attributes,
  context,
  Context,
  defaultTextMapSetter,
  Link,
  propagation,
  ROOT_CONTEXT,
  Span,
  SpanKind,
  SpanStatusCode,
  trace,
  TextMapGetter,
} from '@opentelemetry/api';
import { suppressTracing, W3CTraceContextPropagator } from '@opentelemetry/core';
import { EachMessagePayload, IHeaders } from 'kafkajs';

/**
 * The W3C trace context header an outbox row carries as a Kafka header (docs/asyncapi.yaml): what
 * the handler of the message continues, and what a worker acting on the event later keeps.
 */
export const TRACEPARENT_HEADER = 'traceparent';

const tracer = trace.getTracer('@payments/messaging');

/** A kafkajs header is a Buffer (or an array of them when repeated): the first one, read as text. */
function headerOf(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

const kafkaHeaders: TextMapGetter<IHeaders | undefined> = {
  keys: (headers) => Object.keys(headers ?? {}),
  get: headerOf,
};

/** W3C's own propagator, whichever global one is registered: the global one is a no-op untraced. */
const w3c = new W3CTraceContextPropagator();

/**
 * The trace context the producer of `payload`'s message wrote into its headers, if it is a valid W3C
 * traceparent, as W3C's propagator writes it again. A webhook delivery stores it and, with tracing
 * off, sends it on to the platform unread: garbage, an all-zero id or kilobytes of text stop here.
 */
export function traceparentOf({ message }: EachMessagePayload): string | undefined {
  const written: Record<string, string> = {};
  w3c.inject(w3c.extract(ROOT_CONTEXT, message.headers, kafkaHeaders), written, defaultTextMapSetter);
  return written[TRACEPARENT_HEADER];
}

/**
 * Runs `handle` for one message inside the trace its producer wrote into its headers, in a CONSUMER
 * span `<topic> process`. With no SDK registered the API's tracer and propagator are no-ops: this
 * costs a few calls that return at once, and what only a recorded span needs is not built.
 */
export function inMessageSpan<T>(payload: EachMessagePayload, handle: () => Promise<T>): Promise<T> {
  const producer = propagation.extract(ROOT_CONTEXT, payload.message.headers, kafkaHeaders);
  const span = tracer.startSpan(`${payload.topic} process`, { kind: SpanKind.CONSUMER }, producer);
  if (span.isRecording()) span.setAttributes(messageAttributes(payload));
  return runIn(trace.setSpan(producer, span), span, handle);
}

/**
 * Runs `handle` for a batch handler's one call over `payloads` in a span of its own (the messages
 * come from many traces), linked to each message's producer span; its parent is whatever is active
 * (kafkajs's instrumentation's receive span when that is on).
 */
export function inBatchSpan<T>(payloads: EachMessagePayload[], handle: () => Promise<T>): Promise<T> {
  const [first] = payloads;
  const span = tracer.startSpan(`${first.topic} process`, { kind: SpanKind.CONSUMER });
  if (span.isRecording()) {
    span.setAttributes({ ...messageAttributes(first), 'messaging.batch.message_count': payloads.length });
    span.addLinks(payloads.flatMap(producerLink));
  }
  return runIn(trace.setSpan(context.active(), span), span, handle);
}

function producerLink({ message }: EachMessagePayload): Link[] {
  const producer = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, message.headers, kafkaHeaders));
  return producer ? [{ context: producer }] : [];
}

/**
 * Runs a send of outbox rows with tracing suppressed: each row carries the trace context of the
 * transaction that wrote it, and kafkajs's instrumentation, when on, would start a span of the
 * relay's own (a new trace) for each message and write its context over the row's.
 */
export function sendingStoredTraceContexts<T>(send: () => Promise<T>): Promise<T> {
  return context.with(suppressTracing(context.active()), send);
}

/** Marks the active message span failed with `error`: what made the handling give up. */
export function recordHandlingFailure(error: unknown): void {
  const span = trace.getActiveSpan();
  if (span) recordFailureOn(span, error);
}

async function runIn<T>(active: Context, span: Span, handle: () => Promise<T>): Promise<T> {
  try {
    return await context.with(active, handle);
  } catch (error) {
    recordFailureOn(span, error);
    throw error;
  } finally {
    span.end();
  }
}

function recordFailureOn(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message ?? String(error) });
}

/** The messaging attributes of OpenTelemetry's semantic conventions for Kafka. */
function messageAttributes({ topic, partition, message }: EachMessagePayload): Attributes {
  return {
    'messaging.system': 'kafka',
    'messaging.operation.type': 'process',
    'messaging.destination.name': topic,
    'messaging.destination.partition.id': String(partition),
    'messaging.kafka.offset': Number(message.offset),
  };
}
