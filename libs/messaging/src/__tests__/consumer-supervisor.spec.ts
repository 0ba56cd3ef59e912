import { LoggerService } from '@nestjs/common';
import { Consumer } from 'kafkajs';
import { register } from 'prom-client';
import { CONSUMER_STALL_MS, ConsumerLifecycle, ConsumerSupervisor } from '../consumer-supervisor';

// The back-off before a restart is not waited for; the watch's interval and the clock are faked.
jest.mock('node:timers/promises', () => ({ setTimeout: jest.fn(async () => undefined) }));

type Listener = (event: { payload: unknown }) => void;

/** A consumer as far as the supervisor follows it: its instrumentation events. */
class FakeConsumer {
  readonly listeners = new Map<string, Listener>();
  readonly events = { CRASH: 'crash', FETCH_START: 'fetch_start', GROUP_JOIN: 'group_join' };

  on(event: string, listener: Listener): () => void {
    this.listeners.set(event, listener);
    return () => undefined;
  }

  emit(event: 'crash' | 'fetch_start' | 'group_join', payload: unknown = {}): void {
    this.listeners.get(event)?.({ payload });
  }

  crash(restart: boolean): void {
    this.emit('crash', { error: new Error('Failed to find group coordinator'), restart });
  }
}

/** Makes, observes and records the consumers, as KafkaEventServer does. */
class RecordingLifecycle implements ConsumerLifecycle {
  readonly consumers: FakeConsumer[] = [];
  disposals = 0;
  /** Run when a consumer has been launched, as a crash during kafkajs's run would be. */
  afterLaunch?: (consumer: FakeConsumer) => void;
  supervisor!: ConsumerSupervisor;

  async launch(): Promise<Consumer> {
    const consumer = new FakeConsumer();
    this.consumers.push(consumer);
    this.supervisor.observe(consumer as unknown as Consumer);
    this.afterLaunch?.(consumer);
    return consumer as unknown as Consumer;
  }

  async dispose(): Promise<void> {
    this.disposals += 1;
  }

  get latest(): FakeConsumer {
    return this.consumers.at(-1)!;
  }
}

const silent: LoggerService = { log: () => undefined, warn: () => undefined, error: () => undefined };

const settle = () => new Promise((resolve) => jest.requireActual('node:timers').setImmediate(resolve));

async function restarts(reason: string): Promise<number> {
  const metric = await register.getSingleMetric('kafka_consumer_restarts_total')!.get();
  return metric.values.find((value) => value.labels.reason === reason)?.value ?? 0;
}

describe('ConsumerSupervisor', () => {
  let lifecycle: RecordingLifecycle;
  let supervisor: ConsumerSupervisor;

  beforeEach(async () => {
    jest.useFakeTimers();
    lifecycle = new RecordingLifecycle();
    supervisor = new ConsumerSupervisor(lifecycle, silent);
    lifecycle.supervisor = supervisor;
    await supervisor.start();
  });

  afterEach(() => {
    supervisor.stop();
    jest.useRealTimers();
  });

  it('starts a consumer again when nothing is heard of it for the stall time, and counts it', async () => {
    const before = await restarts('stalled');
    jest.advanceTimersByTime(CONSUMER_STALL_MS + 10_000);
    await settle();
    expect(lifecycle.disposals).toBe(1);
    expect(lifecycle.consumers).toHaveLength(2);
    expect(await restarts('stalled')).toBe(before + 1);
  });

  it('leaves alone a consumer that keeps starting fetches, even for long', async () => {
    for (let elapsed = 0; elapsed < 3 * CONSUMER_STALL_MS; elapsed += 5_000) {
      lifecycle.latest.emit('fetch_start');
      jest.advanceTimersByTime(5_000);
    }
    await settle();
    expect(lifecycle.consumers).toHaveLength(1);
  });

  it('leaves a crash kafkajs restarts to kafkajs, and counts it as a sign of life', async () => {
    jest.advanceTimersByTime(CONSUMER_STALL_MS - 10_000);
    lifecycle.latest.crash(true);
    jest.advanceTimersByTime(20_000);
    await settle();
    expect(lifecycle.consumers).toHaveLength(1);
  });

  it('starts again a consumer kafkajs gave up on, once more when the new one crashes as it starts', async () => {
    const before = await restarts('crashed');
    let crashesOnLaunch = 1;
    lifecycle.afterLaunch = (consumer) => {
      if (crashesOnLaunch-- > 0) consumer.crash(false);
    };
    lifecycle.latest.crash(false);
    await settle();
    expect(lifecycle.consumers).toHaveLength(3);
    expect(lifecycle.disposals).toBe(2);
    expect(await restarts('crashed')).toBe(before + 1);
  });

  it("ignores a replaced consumer's events", async () => {
    const first = lifecycle.latest;
    lifecycle.latest.crash(false);
    await settle();
    first.crash(false);
    await settle();
    expect(lifecycle.consumers).toHaveLength(2);
  });

  it('starts nothing once stopped', async () => {
    supervisor.stop();
    lifecycle.latest.crash(false);
    jest.advanceTimersByTime(2 * CONSUMER_STALL_MS);
    await settle();
    expect(lifecycle.consumers).toHaveLength(1);
  });
});
