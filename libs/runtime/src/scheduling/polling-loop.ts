import { Logger } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { WakeableSleep } from './wakeable-sleep';

type TickResult = 'work' | 'idle' | 'failed';

const loopTicks = new Counter({
  name: 'background_loop_ticks_total',
  help: 'Ticks of the background loops, by result: work (more was waiting, so it ticked again at once), idle or failed',
  labelNames: ['loop', 'result'] as const,
});

const tickDuration = new Histogram({
  name: 'background_loop_tick_seconds',
  help: 'How long a tick of a background loop took, failed ones included',
  labelNames: ['loop'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export interface PollingOptions {
  /** Short and stable (kebab-case): the `loop` label of the metrics. */
  name: string;
  /**
   * The pause after a tick that found no more work waiting; a function when the pause depends on
   * the loop's state, asked after each such tick.
   */
  idleMs: number | (() => number);
  /** The pause after a tick that failed: a back-off, which wake() does not cut short. */
  errorMs: number;
}

/**
 * The loop of a background worker: runs `tick` until stopped, again at once while a tick reports
 * more work waiting (true), otherwise after `idleMs` or as soon as it is woken; a wake that comes
 * while a tick runs skips the next pause, so no new work waits a pause for nothing. A failing tick
 * is logged and tried again after `errorMs`, so a worker outlives a database or network blip. Each
 * tick is counted in background_loop_ticks_total and timed in background_loop_tick_seconds.
 */
export class PollingLoop {
  private running = false;
  private loop?: Promise<void>;
  private woken = false;
  private readonly idlePause = new WakeableSleep();
  private readonly backOff = new WakeableSleep();

  constructor(
    private readonly logger: Logger,
    /** What a tick does, for the log line of a failure. */
    private readonly work: string,
    private readonly tick: () => Promise<boolean>,
    private readonly options: PollingOptions,
  ) {}

  /** From start() until stop() is called: the owner's cue that new work may still be taken. */
  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  /** New work arrived: end the current pause, or skip the next one when a tick is running. */
  wake(): void {
    this.woken = true;
    this.idlePause.wake();
  }

  /** Resolves once the tick in progress, if any, has finished; no pause is waited out. */
  async stop(): Promise<void> {
    this.running = false;
    this.idlePause.wake();
    this.backOff.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      const result = await this.measuredTick();
      if (!this.running) break;
      if (result === 'failed') await this.backOff.sleep(this.options.errorMs);
      else if (result === 'idle' && !this.woken) await this.idlePause.sleep(this.idleMs());
    }
  }

  private async measuredTick(): Promise<TickResult> {
    const { name } = this.options;
    const endTimer = tickDuration.startTimer({ loop: name });
    let result: TickResult;
    try {
      result = (await this.tick()) ? 'work' : 'idle';
    } catch (error) {
      this.logger.error({ err: error }, `${this.work} failed; trying again`);
      result = 'failed';
    }
    endTimer();
    loopTicks.inc({ loop: name, result });
    return result;
  }

  private idleMs(): number {
    const { idleMs } = this.options;
    return typeof idleMs === 'number' ? idleMs : idleMs();
  }
}
