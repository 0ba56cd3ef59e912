import { Logger } from '@nestjs/common';
import { register } from 'prom-client';
import { PollingLoop, PollingOptions } from '../polling-loop';
import { delay } from '../wakeable-sleep';

const IDLE_MS = 1_000;
const ERROR_MS = 5_000;

const tickCount = async (loop: string, result: string) =>
  (await register.getSingleMetric('background_loop_ticks_total')!.get()).values.find(
    (value) => value.labels.loop === loop && value.labels.result === result,
  )?.value ?? 0;

const timedTicks = async (loop: string) =>
  (await register.getSingleMetric('background_loop_tick_seconds')!.get()).values.find(
    // The +Inf bucket counts every observation.
    (value) => value.labels.loop === loop && value.labels.le === '+Inf',
  )?.value ?? 0;

/** A tick that answers what the test hands it, one call at a time. */
function scriptedTick() {
  const answers: (() => Promise<boolean>)[] = [];
  const tick = jest.fn(() => (answers.shift() ?? (async () => false))());
  return {
    tick,
    then: (...next: (() => Promise<boolean>)[]) => answers.push(...next),
  };
}

const more = async () => true;
const none = async () => false;
const blip = async (): Promise<boolean> => {
  throw new Error('blip');
};

describe('PollingLoop', () => {
  const logger = { error: jest.fn() };
  let script: ReturnType<typeof scriptedTick>;
  let loop: PollingLoop;
  let loops = 0;
  /** A loop label of its own per test, so that each test counts its own ticks. */
  let name: string;

  const newLoop = (options: Partial<PollingOptions> = {}) =>
    new PollingLoop(logger as unknown as Logger, 'widget work', script.tick, {
      name,
      idleMs: IDLE_MS,
      errorMs: ERROR_MS,
      ...options,
    });

  beforeEach(() => {
    jest.useFakeTimers();
    logger.error.mockReset();
    script = scriptedTick();
    name = `widgets-${++loops}`;
    loop = newLoop();
  });

  afterEach(async () => {
    await loop.stop();
    jest.useRealTimers();
  });

  it('ticks again at once while a tick reports more work, then waits idleMs', async () => {
    script.then(more, more, none);
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(script.tick).toHaveBeenCalledTimes(3);

    await jest.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(script.tick).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(script.tick).toHaveBeenCalledTimes(4);
  });

  it('asks an idleMs function for the pause after each idle tick', async () => {
    const pauses = [300, 700];
    const idleMs = jest.fn(() => pauses.shift() ?? 60_000);
    loop = newLoop({ idleMs });
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    await jest.advanceTimersByTimeAsync(300);
    expect(script.tick).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(699);
    expect(script.tick).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(script.tick).toHaveBeenCalledTimes(3);
    expect(idleMs).toHaveBeenCalledTimes(3);
  });

  it('ends the idle pause when woken', async () => {
    loop.start();
    await jest.advanceTimersByTimeAsync(10);
    loop.wake();
    await jest.advanceTimersByTimeAsync(0);
    expect(script.tick).toHaveBeenCalledTimes(2);
  });

  it('skips the next pause when woken while a tick runs', async () => {
    let finish: (more: boolean) => void = () => undefined;
    script.then(() => new Promise((resolve) => (finish = resolve)));
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    loop.wake();
    finish(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(script.tick).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(script.tick).toHaveBeenCalledTimes(2);
  });

  it('logs a failing tick and backs off errorMs, which a wake does not cut short', async () => {
    script.then(blip);
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(logger.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'widget work failed; trying again');

    loop.wake();
    await jest.advanceTimersByTimeAsync(ERROR_MS - 1);
    expect(script.tick).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(script.tick).toHaveBeenCalledTimes(2);
  });

  it('counts each tick by result and times it', async () => {
    script.then(more, blip, none);
    loop.start();
    await jest.advanceTimersByTimeAsync(ERROR_MS);

    expect(await tickCount(name, 'work')).toBe(1);
    expect(await tickCount(name, 'failed')).toBe(1);
    expect(await tickCount(name, 'idle')).toBe(1);
    expect(await timedTicks(name)).toBe(3);
  });

  it('on stop lets the tick in progress finish, and neither pauses nor ticks after it', async () => {
    let finished = false;
    script.then(async () => {
      await delay(300);
      finished = true;
      return false;
    });
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(loop.isRunning).toBe(true);

    let stopped = false;
    void loop.stop().then(() => (stopped = true));
    expect(loop.isRunning).toBe(false);
    await jest.advanceTimersByTimeAsync(299);
    expect(stopped).toBe(false);
    await jest.advanceTimersByTimeAsync(1);

    expect(stopped).toBe(true);
    expect(finished).toBe(true);
    expect(script.tick).toHaveBeenCalledTimes(1);
  });

  it('stops at once during a pause or a back-off, without waiting it out', async () => {
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    await loop.stop();
    expect(jest.getTimerCount()).toBe(0);

    script.then(blip);
    loop.start();
    await jest.advanceTimersByTimeAsync(0);
    await loop.stop();
    expect(jest.getTimerCount()).toBe(0);
    expect(script.tick).toHaveBeenCalledTimes(2);
  });
});
