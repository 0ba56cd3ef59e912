import {
  propagation,
  context,
  isSpanContextValid,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { EachMessagePayload } from 'kafkajs';
import { recordSpans, traceparentOfSpan } from '@payments/testing';
import { sendingStoredTraceContexts, traceparentOf } from '../message-tracing';
import {
  change,
  projection,
  TOPIC,
  WidgetBatchProjector,
  WidgetProjector,
  WidgetsApp,
} from './widget-consumer';

// The back-off between retries is recorded rather than waited for.
jest.mock('node:timers/promises', () => ({ setTimeout: jest.fn(async () => undefined) }));

/** The trace headers a producer writes with an event inside a span of its own, and that span. */
function producedInSpan(name: string) {
  const span = trace.getTracer('test-producer').startSpan(name);
  span.end();
  return { headers: { traceparent: traceparentOfSpan(span) }, producer: span.spanContext() };
}

const WELL_FORMED = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/** traceparent headers that anyone able to write to a topic could send, none of them valid W3C. */
const MALFORMED_TRACEPARENTS = [
  '00-zz-zz-01',
  `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
  `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`,
  `ff${WELL_FORMED.slice(2)}`,
  `${WELL_FORMED}${'a'.repeat(4096)}`,
];

const malformedMessages = () =>
  MALFORMED_TRACEPARENTS.map((traceparent, index) => change(index, index + 1, { traceparent }));

describe('KafkaEventServer with tracing on (kafkajs replaced)', () => {
  const spans = recordSpans();
  const widgets = WidgetsApp.perTest();

  const processSpans = () => spans.ended().filter((span) => span.name === `${TOPIC} process`);

  it("runs a message's handler in its producer's trace, in a CONSUMER span of the message", async () => {
    await widgets.start(WidgetProjector);
    const { headers, producer } = producedInSpan('transfer-out');

    await widgets.kafka.deliver(TOPIC, [change(0, 1), change(1, 2, headers)], 2);

    expect(projection.traceIds[1]).toBe(producer.traceId);
    expect(projection.traceIds[0]).not.toBe(producer.traceId);
    const consumed = processSpans().find((span) => span.spanContext().traceId === producer.traceId)!;
    expect(consumed.kind).toBe(SpanKind.CONSUMER);
    expect(consumed.parentSpanContext?.spanId).toBe(producer.spanId);
    expect(consumed.attributes).toEqual({
      'messaging.system': 'kafka',
      'messaging.operation.type': 'process',
      'messaging.destination.name': TOPIC,
      'messaging.destination.partition.id': '2',
      'messaging.kafka.offset': 1,
    });
    expect(consumed.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('records on the span the error a dead-lettered message failed with', async () => {
    await widgets.start(WidgetProjector);
    projection.failing.add(1);
    const { headers, producer } = producedInSpan('transfer-out');

    await widgets.kafka.deliver(TOPIC, [change(0, 1, headers)]);

    expect(projection.traceIds).toEqual(Array(5).fill(producer.traceId));
    const [consumed] = processSpans().filter((span) => span.spanContext().traceId === producer.traceId);
    expect(consumed.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'projector cannot handle this widget',
    });
    expect(consumed.events.map((event) => event.name)).toEqual(['exception']);
  });

  it("keeps an outbox row's traceparent when kafkajs's instrumentation would write its send span's", async () => {
    const { headers } = producedInSpan('transfer-out');
    const row = { ...headers };
    const spansBefore = spans.ended().length;

    // What the instrumentation does for each message sent: a span of the active context, injected.
    await sendingStoredTraceContexts(async () => {
      const send = trace.getTracer('kafkajs').startSpan(`send ${TOPIC}`);
      propagation.inject(trace.setSpan(context.active(), send), row);
      send.end();
    });

    expect(row).toEqual(headers);
    expect(spans.ended()).toHaveLength(spansBefore);
  });

  it("gives a batch handler's call one span linked to each message's producer", async () => {
    await widgets.start(WidgetBatchProjector);
    const first = producedInSpan('transfer-out');
    const second = producedInSpan('quote execution');

    await widgets.kafka.deliver(TOPIC, [change(0, 1, first.headers), change(1, 2, second.headers)]);

    expect(projection.calls).toEqual([[1, 2]]);
    const [batch] = processSpans().slice(-1);
    expect(batch.links.map((link) => link.context.spanId)).toEqual([
      first.producer.spanId,
      second.producer.spanId,
    ]);
    expect(batch.attributes['messaging.batch.message_count']).toBe(2);
    expect(projection.traceIds).toEqual([batch.spanContext().traceId]);
  });

  it('handles each message whose traceparent is malformed in a new trace of its own', async () => {
    await widgets.start(WidgetProjector);
    const before = processSpans().length;

    await widgets.kafka.deliver(TOPIC, malformedMessages());

    expect(projection.handled).toEqual([1, 2, 3, 4, 5]);
    const consumed = processSpans().slice(before);
    expect(consumed.map((span) => span.parentSpanContext)).toEqual(Array(5).fill(undefined));
    expect(consumed.every((span) => isSpanContextValid(span.spanContext()))).toBe(true);
    expect(new Set(projection.traceIds).size).toBe(5);
    expect(projection.traceIds).toEqual(consumed.map((span) => span.spanContext().traceId));
  });

  it("links a batch handler's call to no producer whose traceparent is malformed", async () => {
    await widgets.start(WidgetBatchProjector);

    await widgets.kafka.deliver(TOPIC, malformedMessages());

    expect(projection.handled).toEqual([1, 2, 3, 4, 5]);
    const [batch] = processSpans().slice(-1);
    expect(batch.links).toEqual([]);
    expect(batch.parentSpanContext).toBeUndefined();
  });
});

describe('traceparentOf a message, tracing off', () => {
  const payloadWith = (traceparent: string) =>
    ({ topic: TOPIC, partition: 0, message: change(0, 1, { traceparent }) }) as EachMessagePayload;

  it("answers a valid producer's traceparent as it came", () => {
    expect(traceparentOf(payloadWith(WELL_FORMED))).toBe(WELL_FORMED);
  });

  it.each(MALFORMED_TRACEPARENTS.map((traceparent) => [traceparent.slice(0, 60), traceparent]))(
    'drops a malformed one: %s',
    (_, traceparent) => {
      expect(traceparentOf(payloadWith(traceparent))).toBeUndefined();
    },
  );
});
