import { Logger } from '@nestjs/common';
import { PollingLoop } from '../polling-loop';

const quietLogger = { error: jest.fn() } as unknown as Logger;

describe('PollingLoop', () => {
  it('ticks again at once while there is more work, then waits until woken', async () => {
    const results = [true, true, false];
    let ticks = 0;
    const loop = new PollingLoop(quietLogger, 'work', async () => results[ticks++] ?? false, {
      idleMs: 60_000,
      errorMs: 60_000,
    });
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ticks).toBe(3);
    loop.wake();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ticks).toBe(4);
    await loop.stop();
  });

  it('logs a failing tick and tries again after errorMs', async () => {
    let ticks = 0;
    const loop = new PollingLoop(
      quietLogger,
      'flaky work',
      async () => {
        ticks++;
        if (ticks === 1) throw new Error('blip');
        return false;
      },
      { idleMs: 60_000, errorMs: 5 },
    );
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(ticks).toBe(2);
    expect(quietLogger.error).toHaveBeenCalledWith(
      { err: expect.any(Error) },
      'flaky work failed; trying again',
    );
    await loop.stop();
  });

  it('stops after the tick in progress', async () => {
    let finished = false;
    const loop = new PollingLoop(
      quietLogger,
      'slow work',
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        finished = true;
        return true;
      },
      { idleMs: 1, errorMs: 1 },
    );
    loop.start();
    await loop.stop();
    expect(finished).toBe(true);
  });
});
