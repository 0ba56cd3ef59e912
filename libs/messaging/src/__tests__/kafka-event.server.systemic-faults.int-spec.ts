import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import {
  eventually,
  RawMessage,
  TestSandbox,
  WIDGET_EVENTS,
  WidgetEvent,
  widgetChanged,
} from './messaging-sandbox';

jest.setTimeout(60_000);

/** What the projector below was handed and did; while `databaseDown`, widget-1's events fail. */
const projection = { databaseDown: true, attempts: [] as string[], handled: [] as string[] };

@Controller()
class WidgetProjector {
  @EventPattern(WIDGET_EVENTS.name)
  async onWidgetChanged(event: WidgetEvent): Promise<void> {
    const name = `${event.aggregateId}@${event.payload.revision}`;
    projection.attempts.push(name);
    if (projection.databaseDown && event.aggregateId === 'widget-1') {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    }
    projection.handled.push(name);
  }
}

const message = (partition: number, widgetId: string, revision: number) => ({
  partition,
  key: widgetId,
  value: JSON.stringify(widgetChanged(widgetId, revision)),
});

describe('KafkaEventServer on a database outage', () => {
  let sandbox: TestSandbox;
  let deadLetters: RawMessage[];
  let handledDuringOutage: string[];

  beforeAll(async () => {
    sandbox = await TestSandbox.create();
    await sandbox.startService({ consumes: [WIDGET_EVENTS], controllers: [WidgetProjector] });
    deadLetters = await sandbox.record(WIDGET_EVENTS.deadLetterName);
    await sandbox.publish(WIDGET_EVENTS.name, [message(0, 'widget-1', 1), message(0, 'widget-1', 2)]);
    // Far longer than the 1.5 s of tries after which a message's own failure is dead-lettered.
    const attemptsOfFirst = () => projection.attempts.filter((name) => name === 'widget-1@1').length;
    await eventually(async () => (attemptsOfFirst() >= 3 ? true : undefined), { timeoutMs: 30_000 });
    await sandbox.publish(WIDGET_EVENTS.name, [message(1, 'widget-2', 1)]);
    await eventually(async () => (projection.handled.includes('widget-2@1') ? true : undefined));
    handledDuringOutage = [...projection.handled];
    projection.databaseDown = false;
    await eventually(async () => (projection.handled.includes('widget-1@2') ? true : undefined), {
      timeoutMs: 30_000,
    });
  });

  afterAll(async () => {
    await sandbox?.dispose();
  });

  it('goes on with the other partitions while one is held at a message the outage fails', () => {
    expect(handledDuringOutage).toEqual(['widget-2@1']);
  });

  it('handles the held message and the next in order once the outage ends, dead-lettering none', () => {
    expect(projection.handled).toEqual(['widget-2@1', 'widget-1@1', 'widget-1@2']);
    expect(projection.attempts.filter((name) => name === 'widget-1@2')).toEqual(['widget-1@2']);
    expect(deadLetters).toEqual([]);
  });
});
