import { randomBytes } from 'node:crypto';
import type { ExportedSpan } from '@payments/testing';

/**
 * The spans of a trace whose parent is neither another span of the trace nor `rootParent` (the
 * client's span): a link the propagation lost, or a span not exported yet.
 */
export function orphansOf(spans: ExportedSpan[], rootParent: string): ExportedSpan[] {
  const ids = new Set([...spans.map((span) => span.spanId), rootParent]);
  return spans.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId));
}

/** A W3C traceparent a client would send: a new trace id and its own span id, sampled. */
export function clientTraceparent(): { traceparent: string; traceId: string; spanId: string } {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceparent: `00-${traceId}-${spanId}-01`, traceId, spanId };
}
