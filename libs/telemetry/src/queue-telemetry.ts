import { BullMQOtel } from 'bullmq-otel';
import { tracingStarted } from './start-telemetry';

/**
 * BullMQ's own OpenTelemetry hooks (bullmq-otel) while tracing runs: a job carries the trace of the
 * request that queued it in its options, and the worker's span for the job continues that trace.
 * Nothing while tracing is off, so that no job stores an empty context.
 */
export function queueTelemetry(): BullMQOtel | undefined {
  return tracingStarted() ? new BullMQOtel('bullmq') : undefined;
}
