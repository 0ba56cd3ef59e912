import { Logger } from '@nestjs/common';
import { register } from 'prom-client';
import {
  change,
  deadLetters,
  projection,
  retryDelays,
  TOPIC,
  WidgetBatchProjector,
  WidgetProjector,
  WidgetsApp,
} from './widget-consumer';
import { WIDGET_EVENTS } from './widget-events';

// The back-off between a failing message's own tries is recorded rather than waited for.
jest.mock('node:timers/promises', () => ({ setTimeout: jest.fn(async () => undefined) }));

/** Longer than any back-off series below. */
const LONG_ENOUGH_MS = 120_000;

/** kafka_consume_systemic_faults_total for the widget topic so far. */
async function systemicFaultsCounted(): Promise<number> {
  const { values } = await register.getSingleMetric('kafka_consume_systemic_faults_total')!.get();
  return values.find(({ labels }) => labels.topic === WIDGET_EVENTS.name)?.value ?? 0;
}

describe('KafkaEventServer on a systemic fault (kafkajs replaced)', () => {
  /** Lets `consuming` run through its back-offs on fake time. */
  async function outlive(consuming: Promise<void>): Promise<void> {
    await jest.advanceTimersByTimeAsync(LONG_ENOUGH_MS);
    await consuming;
  }

  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });

  // Made on fake time, and closed on it before the next hook gives real time back.
  const widgets = WidgetsApp.perTest();

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('holds the partition at a message while the fault lasts, then goes on in order', async () => {
    await widgets.start(WidgetProjector);
    const warnings = jest.spyOn(Logger.prototype, 'warn');
    const countedBefore = await systemicFaultsCounted();
    projection.unreachableFor.set(2, 8);
    await outlive(widgets.kafka.consume(TOPIC, [change(0, 1), change(1, 2), change(2, 3)]));
    expect(projection.calls).toEqual([[1], ...Array.from({ length: 9 }, () => [2]), [3]]);
    expect(projection.handled).toEqual([1, 2, 3]);
    expect(widgets.kafka.pauseLengths).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    // A systemic fault ends the message's own tries at once.
    expect(retryDelays()).toEqual([]);
    expect(widgets.kafka.sent).toEqual([]);
    expect(widgets.kafka.partition(TOPIC).committed).toBe('3');
    expect((await systemicFaultsCounted()) - countedBefore).toBe(8);
    expect(warnings).toHaveBeenCalledTimes(8);
    expect(warnings).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ code: 'ECONNREFUSED' }), offset: '1' }),
      expect.any(String),
    );
  });

  it('starts the back-off over at the next message a fault stops at', async () => {
    await widgets.start(WidgetProjector);
    projection.unreachableFor.set(1, 2).set(2, 1);
    await outlive(widgets.kafka.consume(TOPIC, [change(0, 1), change(1, 2)]));
    expect(projection.handled).toEqual([1, 2]);
    expect(widgets.kafka.pauseLengths).toEqual([500, 1_000, 500]);
  });

  it("holds a batch handler's batch whole rather than handing its events over one by one", async () => {
    await widgets.start(WidgetBatchProjector);
    projection.unreachableFor.set(2, 2);
    await outlive(widgets.kafka.consume(TOPIC, [change(0, 1), change(1, 2), change(2, 3)]));
    expect(projection.calls).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(projection.handled).toEqual([1, 2, 3]);
    expect(widgets.kafka.pauseLengths).toEqual([500, 1_000]);
    expect(widgets.kafka.sent).toEqual([]);
  });

  it.each([
    ['a violated constraint', () => Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a bug', () => new TypeError("Cannot read properties of undefined (reading 'amount')")],
  ])('still dead-letters after 5 tries a message that fails for %s', async (_case, failure) => {
    await widgets.start(WidgetProjector);
    projection.failing.add(1);
    projection.failure = failure;
    await outlive(widgets.kafka.consume(TOPIC, [change(0, 1), change(1, 2)]));
    expect(projection.calls).toEqual([[1], [1], [1], [1], [1], [2]]);
    expect(retryDelays()).toEqual([100, 200, 400, 800]);
    expect(widgets.kafka.pauseLengths).toEqual([]);
    expect(deadLetters(widgets.kafka).map(({ headers }) => headers['x-original-offset'])).toEqual(['0']);
    expect(widgets.kafka.partition(TOPIC).committed).toBe('2');
  });

  it('tries a message 5 times once the fault clears, then dead-letters it if it fails', async () => {
    await widgets.start(WidgetProjector);
    projection.unreachableFor.set(1, 1);
    projection.failing.add(1);
    await outlive(widgets.kafka.consume(TOPIC, [change(0, 1), change(1, 2)]));
    expect(projection.calls).toEqual([[1], [1], [1], [1], [1], [1], [2]]);
    expect(widgets.kafka.pauseLengths).toEqual([500]);
    expect(deadLetters(widgets.kafka)).toHaveLength(1);
  });

  it('stops at once while a partition is held, committing what came before, resuming nothing', async () => {
    await widgets.start(WidgetProjector);
    widgets.kafka.commitIntervalUp = false;
    projection.unreachableFor.set(2, Infinity);
    await widgets.kafka.deliver(TOPIC, [change(0, 1), change(1, 2), change(2, 3)]);
    await widgets.close();
    await jest.advanceTimersByTimeAsync(LONG_ENOUGH_MS);
    expect(projection.handled).toEqual([1]);
    expect(widgets.kafka.actions).toEqual([
      `paused ${TOPIC}:0`,
      `paused ${TOPIC}`,
      `committed ${TOPIC}:0 up to 1`,
      'consumer disconnected',
      'producer disconnected',
    ]);
  });

  it('holds nothing for later when the fault comes while the consumer stops', async () => {
    await widgets.start(WidgetProjector);
    let release!: () => void;
    projection.gate = new Promise((resolve) => (release = resolve));
    projection.unreachableFor.set(1, Infinity);
    const delivery = widgets.kafka.deliver(TOPIC, [change(0, 1)]);
    const stopping = widgets.close();
    release();
    await Promise.all([delivery, stopping]);
    expect(jest.getTimerCount()).toBe(0);
    expect(widgets.kafka.actions).not.toContain(`paused ${TOPIC}:0`);
    // The group's next owner reads the message first.
    expect(widgets.kafka.partition(TOPIC).committed).toBe('0');
  });
});
