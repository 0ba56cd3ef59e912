import { Logger } from '@nestjs/common';
import { WakeableSleep } from './wakeable-sleep';

export interface PollingTiming {
  /** The pause after a tick that found no more work waiting. */
  idleMs: number;
  /** The pause after a tick that failed. */
  errorMs: number;
}

/**
 * The loop of a background worker: runs `tick` until stopped, again at once while a tick reports
 * more work waiting (true), otherwise after `idleMs` or as soon as it is woken. A failing tick is
 * logged and tried again after `errorMs`, so a worker outlives a database or network blip.
 */
export class PollingLoop {
  private running = false;
  private loop?: Promise<void>;
  private readonly pause = new WakeableSleep();

  constructor(
    private readonly logger: Logger,
    /** What a tick does, for the log line of a failure. */
    private readonly work: string,
    private readonly tick: () => Promise<boolean>,
    private readonly timing: PollingTiming,
  ) {}

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  /** New work arrived: end the current pause. */
  wake(): void {
    this.pause.wake();
  }

  /** Resolves once the tick in progress, if any, has finished. */
  async stop(): Promise<void> {
    this.running = false;
    this.pause.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        if (!(await this.tick())) await this.pause.sleep(this.timing.idleMs);
      } catch (error) {
        this.logger.error({ err: error }, `${this.work} failed; trying again`);
        await this.pause.sleep(this.timing.errorMs);
      }
    }
  }
}
