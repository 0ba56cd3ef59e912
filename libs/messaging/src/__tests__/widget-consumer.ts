import { Catch, Controller, ExceptionFilter, INestMicroservice, Type } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { EventPattern } from '@nestjs/microservices';
import { trace } from '@opentelemetry/api';
import { CommonEnvironment } from '@payments/runtime';
import { setTimeout as delay } from 'node:timers/promises';
import { Observable, throwError } from 'rxjs';
import { EventBatchPattern } from '../event-routes';
import { KafkaEventServer } from '../kafka-event.server';
import { FakeKafka, kafkaMessage } from './fake-kafka';
import { WIDGET_EVENTS, WidgetEvent, widgetChanged } from './widget-events';

export const TOPIC = 'test.tests.widget-events.v1';
export const DEAD_LETTER_TOPIC = 'test.tests.widget-events.v1.dlt';

/** What the projectors below were handed and do: each call's revisions, and the calls that fail. */
const freshProjection = () => ({
  calls: [] as number[][],
  /** The trace id of the span each call ran in (none with no tracer registered). */
  traceIds: [] as (string | undefined)[],
  handled: [] as number[],
  /** Revisions whose calls always fail, for a reason of their own. */
  failing: new Set<number>(),
  /** What the calls of the failing revisions throw. */
  failure: (): Error => new Error('projector cannot handle this widget'),
  /** Per revision, how many of its calls to come fail as when the database is down. */
  unreachableFor: new Map<number, number>(),
  /** Holds every call until it settles. */
  gate: Promise.resolve(),
});

export const projection = freshProjection();

/** What node-postgres throws when the database refuses connections. */
export const connectionRefused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

async function project(events: WidgetEvent[]): Promise<void> {
  const revisions = events.map((event) => event.payload.revision);
  projection.calls.push(revisions);
  projection.traceIds.push(trace.getActiveSpan()?.spanContext().traceId);
  await projection.gate;
  const unreachable = revisions.find((revision) => projection.unreachableFor.get(revision));
  if (unreachable !== undefined) {
    projection.unreachableFor.set(unreachable, projection.unreachableFor.get(unreachable)! - 1);
    throw connectionRefused();
  }
  if (revisions.some((revision) => projection.failing.has(revision))) throw projection.failure();
  projection.handled.push(...revisions);
}

@Controller()
export class WidgetProjector {
  @EventPattern(WIDGET_EVENTS.name)
  async onWidgetChanged(event: WidgetEvent): Promise<void> {
    await project([event]);
  }
}

@Controller()
export class WidgetBatchProjector {
  @EventBatchPattern(WIDGET_EVENTS.name)
  async onWidgetsChanged(events: WidgetEvent[]): Promise<void> {
    await project(events);
  }
}

@Controller()
export class RedWidgetProjector {
  @EventBatchPattern(WIDGET_EVENTS.name, { where: { colour: 'red' } })
  async onRedWidgetsChanged(events: WidgetEvent[]): Promise<void> {
    await project(events);
  }
}

/**
 * Hands handlers' errors back to the transport as they are, as the apps' global filter does outside
 * HTTP; Nest's own filter would replace them with "Internal server error".
 */
@Catch()
class RethrowingFilter implements ExceptionFilter {
  catch(error: unknown): Observable<never> {
    return throwError(() => error);
  }
}

/**
 * The widgets app of each test of a describe block, its transport on a FakeKafka and the projection
 * all made anew for the test. The specs mock node:timers/promises, so that the back-off between a
 * message's own tries is recorded rather than waited for.
 */
export class WidgetsApp {
  /** The running test's kafkajs. */
  kafka!: FakeKafka;
  private app?: INestMicroservice;

  private constructor() {}

  /**
   * Call in a describe block: renews the app before each of its tests and closes it after, in the
   * order of the block's other beforeEach and afterEach hooks.
   */
  static perTest(): WidgetsApp {
    const widgets = new WidgetsApp();
    beforeEach(() => widgets.renew());
    afterEach(() => widgets.close());
    return widgets;
  }

  private renew(): void {
    this.kafka = new FakeKafka();
    Object.assign(projection, freshProjection());
    jest.mocked(delay).mockClear();
  }

  /** Starts the app with `controller` and its transport listening. */
  async start(controller: Type): Promise<void> {
    const config = new ConfigService<CommonEnvironment, true>({ KAFKA_TOPIC_PREFIX: 'test.' });
    const server = new KafkaEventServer(
      this.kafka.asKafka(),
      { produces: [], consumes: [WIDGET_EVENTS] },
      'widgets',
      config,
    );
    class WidgetsModule {}
    this.app = await NestFactory.createMicroservice(
      { module: WidgetsModule, controllers: [controller] },
      { strategy: server, logger: false },
    );
    this.app.useGlobalFilters(new RethrowingFilter());
    await this.app.listen();
  }

  /** Closes the app if it is still open. */
  async close(): Promise<void> {
    const app = this.app;
    this.app = undefined;
    await app?.close();
  }
}

/** The back-offs between a message's own tries so far. */
export const retryDelays = () => jest.mocked(delay).mock.calls.map(([milliseconds]) => milliseconds);

/** A kafkajs message of widget-1's event of `revision`. */
export const change = (offset: number, revision: number, headers?: Record<string, string>) =>
  kafkaMessage(offset, JSON.stringify(widgetChanged('widget-1', revision)), headers);

/** The dead letters sent, as text. */
export const deadLetters = (kafka: FakeKafka) =>
  kafka.sent.flatMap(({ topic, messages }) =>
    messages.map(({ value, headers }) => ({
      topic,
      value: String(value),
      headers: Object.fromEntries(Object.entries(headers ?? {}).map(([name, text]) => [name, String(text)])),
    })),
  );
