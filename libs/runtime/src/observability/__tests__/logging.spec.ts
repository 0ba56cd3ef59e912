import type { IncomingMessage } from 'node:http';
import { context, INVALID_SPAN_CONTEXT, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import pino from 'pino';
import { RequestContext } from '../../context/request-context';
import { loggerOptions, requestIdOf } from '../logging';

const requestWith = (headers: IncomingMessage['headers']) => ({ headers }) as IncomingMessage;

describe('requestIdOf', () => {
  it('keeps the request id the caller sent', () => {
    expect(requestIdOf(requestWith({ 'x-request-id': 'gw:7f3a-01.b_c' }))).toBe('gw:7f3a-01.b_c');
  });

  it.each([
    ['no id', {}],
    ['an id with spaces or markup', { 'x-request-id': 'a b<script>' }],
    ['an id over 100 characters', { 'x-request-id': 'r'.repeat(101) }],
  ])('issues a fresh uuid for a request with %s', (_case, headers) => {
    const request = requestWith({ ...headers });

    const requestId = requestIdOf(request);

    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('a log line', () => {
  const provider = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({ exporter: new InMemorySpanExporter() })],
  });
  const tracer = provider.getTracer('logging-spec');
  let lines: Record<string, unknown>[];
  let logger: pino.Logger;

  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  });
  afterAll(async () => {
    context.disable();
    await provider.shutdown();
  });
  beforeEach(() => {
    lines = [];
    logger = pino(loggerOptions('transfers', 'info'), {
      write: (line: string) => lines.push(JSON.parse(line)),
    });
  });

  it('written inside an active span carries its trace and span ids', async () => {
    const ids = await tracer.startActiveSpan('handle', async (span) => {
      await Promise.resolve();
      logger.info('inside');
      span.end();
      return span.spanContext();
    });

    expect(lines[0]).toMatchObject({ trace_id: ids.traceId, span_id: ids.spanId });
  });

  it('keeps the request id of its Kafka message beside the trace ids', () => {
    RequestContext.run('req-1', () =>
      tracer.startActiveSpan('consume', (span) => {
        logger.info('inside');
        span.end();
      }),
    );

    expect(lines[0]).toMatchObject({ requestId: 'req-1', trace_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('written outside any span has no trace ids', () => {
    logger.info('outside');

    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(lines[0]).not.toHaveProperty('span_id');
  });

  it('under a span whose context is invalid has no trace ids', () => {
    const invalid = trace.setSpan(ROOT_CONTEXT, trace.wrapSpanContext(INVALID_SPAN_CONTEXT));

    context.with(invalid, () => logger.info('invalid'));

    expect(lines[0]).not.toHaveProperty('trace_id');
  });
});
