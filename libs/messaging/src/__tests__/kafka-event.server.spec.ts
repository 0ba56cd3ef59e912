import { kafkaMessage } from './fake-kafka';
import {
  change,
  DEAD_LETTER_TOPIC,
  deadLetters,
  projection,
  RedWidgetProjector,
  retryDelays,
  TOPIC,
  WidgetBatchProjector,
  WidgetProjector,
  WidgetsApp,
} from './widget-consumer';

// The back-off between retries is recorded rather than waited for.
jest.mock('node:timers/promises', () => ({ setTimeout: jest.fn(async () => undefined) }));

describe('KafkaEventServer (kafkajs replaced)', () => {
  const widgets = WidgetsApp.perTest();

  it("consumes the app's topics in its own group from the beginning, committing offsets itself", async () => {
    await widgets.start(WidgetProjector);
    expect(widgets.kafka.consumerConfig?.groupId).toBe('test.widgets.events');
    expect(widgets.kafka.subscription).toEqual({ topics: [TOPIC], fromBeginning: true });
    expect(widgets.kafka.runConfig).toMatchObject({ autoCommit: false, eachBatchAutoResolve: false });
  });

  it('starts the consumer again when kafkajs gives it up, and leaves a crash kafkajs restarts to kafkajs', async () => {
    await widgets.start(WidgetProjector);
    widgets.kafka.crash(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(widgets.kafka.consumersMade).toBe(1);

    widgets.kafka.crash(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(widgets.kafka.consumersMade).toBe(2);
    expect(widgets.kafka.actions).toContain('consumer disconnected');
    expect(widgets.kafka.subscription).toEqual({ topics: [TOPIC], fromBeginning: true });
    await widgets.kafka.deliver(TOPIC, [change(0, 1)]);
    expect(projection.handled).toEqual([1]);
  });

  it('handles a good message and commits its offset', async () => {
    await widgets.start(WidgetProjector);
    await widgets.kafka.deliver(TOPIC, [change(0, 1)]);
    expect(projection.handled).toEqual([1]);
    expect(widgets.kafka.partition(TOPIC).committed).toBe('1');
    expect(widgets.kafka.sent).toEqual([]);
  });

  it('retries a failing message with back-off, then dead-letters it without holding up the others', async () => {
    await widgets.start(WidgetProjector);
    projection.failing.add(1);
    const poison = change(0, 1, { 'x-request-id': 'req-1' });
    await widgets.kafka.deliver(TOPIC, [poison, change(1, 2), change(2, 3)]);
    expect(projection.calls).toEqual([[1], [1], [1], [1], [1], [2], [3]]);
    expect(retryDelays()).toEqual([100, 200, 400, 800]);
    expect(projection.handled).toEqual([2, 3]);
    expect(deadLetters(widgets.kafka)).toEqual([
      {
        topic: DEAD_LETTER_TOPIC,
        value: String(poison.value),
        headers: {
          'x-request-id': 'req-1',
          'x-failure': 'widgets: projector cannot handle this widget',
          'x-original-partition': '0',
          'x-original-offset': '0',
        },
      },
    ]);
    expect(widgets.kafka.partition(TOPIC).committed).toBe('3');
  });

  it('dead-letters a message that is not a valid event at once, and handles the others', async () => {
    await widgets.start(WidgetProjector);
    await widgets.kafka.deliver(TOPIC, [change(0, 1), kafkaMessage(1, '{"eventId": "4f1c'), change(2, 2)]);
    expect(projection.calls).toEqual([[1], [2]]);
    expect(retryDelays()).toEqual([]);
    expect(deadLetters(widgets.kafka)).toMatchObject([
      {
        value: '{"eventId": "4f1c',
        headers: {
          'x-failure': 'widgets: Invalid event on tests.widget-events.v1: not JSON',
          'x-original-offset': '1',
        },
      },
    ]);
    expect(widgets.kafka.partition(TOPIC).committed).toBe('3');
  });

  it('hands a batch handler its batch in one call, and a failing batch one event per call', async () => {
    await widgets.start(WidgetBatchProjector);
    projection.failing.add(2);
    await widgets.kafka.deliver(TOPIC, [change(0, 1), change(1, 2), change(2, 3)]);
    const together = Array.from({ length: 5 }, () => [1, 2, 3]);
    expect(projection.calls).toEqual([...together, [1], [2], [2], [2], [2], [2], [3]]);
    expect(projection.handled).toEqual([1, 3]);
    expect(deadLetters(widgets.kafka).map(({ headers }) => headers['x-original-offset'])).toEqual(['1']);
    expect(widgets.kafka.partition(TOPIC).committed).toBe('3');
  });

  it('passes over the events another selector is for without decoding them', async () => {
    await widgets.start(RedWidgetProjector);
    await widgets.kafka.deliver(TOPIC, [
      change(0, 1, { colour: 'red' }),
      change(1, 2, { colour: 'blue' }),
      kafkaMessage(2, 'not even JSON', { colour: 'blue' }),
      change(3, 3),
    ]);
    expect(projection.calls).toEqual([[1, 3]]);
    expect(widgets.kafka.sent).toEqual([]);
    expect(widgets.kafka.partition(TOPIC).committed).toBe('4');
  });

  it('neither commits nor passes over a message whose dead letter the cluster refuses', async () => {
    await widgets.start(WidgetProjector);
    projection.failing.add(2);
    widgets.kafka.sendFailure = new Error('Connection error: ECONNREFUSED');
    await expect(widgets.kafka.deliver(TOPIC, [change(0, 1), change(1, 2), change(2, 3)])).rejects.toThrow(
      'ECONNREFUSED',
    );
    expect(projection.handled).toEqual([1]);
    // kafkajs fetches the batch again from the last resolved offset.
    expect(widgets.kafka.partition(TOPIC)).toEqual({ resolved: '1' });
  });

  it('stops fetching, waits for the batch under way and commits it before disconnecting', async () => {
    await widgets.start(WidgetProjector);
    widgets.kafka.commitIntervalUp = false;
    let release!: () => void;
    projection.gate = new Promise((resolve) => (release = resolve));
    const delivery = widgets.kafka.deliver(TOPIC, [change(0, 1), change(1, 2)]);
    const stopping = widgets.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(widgets.kafka.actions).toEqual([`paused ${TOPIC}`]);
    release();
    await Promise.all([delivery, stopping]);
    expect(projection.handled).toEqual([1, 2]);
    expect(widgets.kafka.actions).toEqual([
      `paused ${TOPIC}`,
      `committed ${TOPIC}:0 up to 2`,
      'consumer disconnected',
      'producer disconnected',
    ]);
  });
});
