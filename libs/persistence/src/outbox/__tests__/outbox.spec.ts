import { ConfigService } from '@nestjs/config';
import { context, trace } from '@opentelemetry/api';
import { createEvent, Environment, EventEnvelope, TopicContract } from '@payments/contracts';
import { CommonEnvironment } from '@payments/runtime';
import { inActiveSpan, recordSpans, traceparentOfSpan } from '@payments/testing';
import { Outbox } from '../outbox';

class GadgetChangedV1 {}

const GADGET_EVENTS = new TopicContract<EventEnvelope<'gadget.changed', GadgetChangedV1>>(
  'tests.gadget-events.v1',
  1,
  { 'gadget.changed@1': GadgetChangedV1 },
);

const gadgetChanged = () =>
  createEvent(
    'gadget.changed',
    1,
    { platformId: 'Platform:test', environment: Environment.Sandbox },
    'gadget-1',
    {},
  );

const outbox = new Outbox({ get: () => 'test' } as unknown as ConfigService<CommonEnvironment, true>);

/** The headers of the outbox rows of two events added now. */
const rowHeaders = () =>
  outbox
    .rowsOf(GADGET_EVENTS, [gadgetChanged(), gadgetChanged()], 'req-1')
    .headers.map((headers) => JSON.parse(headers) as Record<string, string>);

describe('Outbox rows', () => {
  it('carry no trace context when no tracer is registered', () => {
    expect(rowHeaders()).toEqual([
      { 'event-type': 'gadget.changed', 'x-request-id': 'req-1' },
      { 'event-type': 'gadget.changed', 'x-request-id': 'req-1' },
    ]);
  });

  describe('with tracing on', () => {
    recordSpans();

    it('carry the W3C traceparent of the span they were written in', async () => {
      const { result: rows, traceparent } = await inActiveSpan('transfer-out', rowHeaders);
      expect(rows).toEqual([
        { 'event-type': 'gadget.changed', 'x-request-id': 'req-1', traceparent },
        { 'event-type': 'gadget.changed', 'x-request-id': 'req-1', traceparent },
      ]);
    });

    it("carry each event's own trace where one is given, the active one for the others", async () => {
      const settled = trace.getTracer('test').startSpan('settlement move');
      settled.end();
      const worker = await inActiveSpan('worker', () =>
        outbox
          .rowsOf(GADGET_EVENTS, [gadgetChanged(), gadgetChanged()], 'req-1', [
            trace.setSpan(context.active(), settled),
          ])
          .headers.map((each) => (JSON.parse(each) as Record<string, string>).traceparent),
      );
      expect(worker.result).toEqual([traceparentOfSpan(settled), worker.traceparent]);
    });

    it('carry none outside a span', () => {
      expect(rowHeaders().map((headers) => headers.traceparent)).toEqual([undefined, undefined]);
    });
  });
});
