import { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { PollingLoop } from './polling-loop';

/**
 * A provider whose whole work is one PollingLoop, run for the life of the app: it starts once the
 * app is up, and stops before the database and other connections close (they close in
 * onApplicationShutdown), so that a tick in progress finishes rather than failing on a closed pool.
 */
export abstract class PollingWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected abstract readonly loop: PollingLoop;

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }
}
