import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PollingLoop } from '../polling-loop';
import { PollingWorker } from '../polling-worker';
import { delay } from '../wakeable-sleep';

/** Stands for the database pool, which Nest closes in onApplicationShutdown. */
@Injectable()
class Pool implements OnApplicationShutdown {
  open = true;

  onApplicationShutdown(): void {
    this.open = false;
  }
}

@Injectable()
class WidgetSweeper extends PollingWorker {
  /** Whether the pool was open when each sweep finished. */
  readonly sweeps: boolean[] = [];
  protected readonly loop = new PollingLoop(
    new Logger('WidgetSweeper'),
    'sweeping widgets',
    () => this.sweep(),
    {
      name: 'widget-sweeper',
      idleMs: 60_000,
      errorMs: 60_000,
    },
  );

  constructor(private readonly pool: Pool) {
    super();
  }

  private async sweep(): Promise<boolean> {
    await delay(50);
    this.sweeps.push(this.pool.open);
    return false;
  }
}

describe('PollingWorker', () => {
  it('starts its loop once the app is up, and stops it, the sweep in progress finished, before connections close', async () => {
    const moduleRef = await Test.createTestingModule({ providers: [Pool, WidgetSweeper] }).compile();
    const sweeper = moduleRef.get(WidgetSweeper);
    await delay(80);
    expect(sweeper.sweeps).toEqual([]);

    await moduleRef.init();
    await moduleRef.close();

    expect(sweeper.sweeps).toEqual([true]);
    expect(moduleRef.get(Pool).open).toBe(false);
  });
});
