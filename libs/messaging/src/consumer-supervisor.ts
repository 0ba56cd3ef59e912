import { LoggerService } from '@nestjs/common';
import { Consumer } from 'kafkajs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Counter } from 'prom-client';

/** Pauses between attempts to start the consumer again: doubling from 1 s up to 30 s. */
const RESTART_BACKOFF_MS = { first: 1_000, max: 30_000 };
/**
 * A running consumer starts a fetch at least every fetch wait (5 s), even with every partition
 * paused, and while the cluster is down kafkajs's own restarts crash at least once a minute: two
 * minutes with neither means the consumer is hung.
 */
export const CONSUMER_STALL_MS = 120_000;
const WATCH_INTERVAL_MS = 10_000;
/** A hung consumer may never finish disconnecting: its replacement starts regardless. */
const DISPOSE_TIMEOUT_MS = 10_000;

const consumerRestarts = new Counter({
  name: 'kafka_consumer_restarts_total',
  help: 'Consumers started again by the app: after a crash kafkajs does not restart, or after a stall',
  labelNames: ['reason'] as const,
});

export type RestartReason = 'crashed' | 'stalled';

/** How the supervisor starts a consumer (connected, subscribed and running) and disposes of it. */
export interface ConsumerLifecycle {
  launch(): Promise<Consumer>;
  dispose(): Promise<void>;
}

/**
 * Keeps the app's consumer running. kafkajs gives up on a consumer whose fault it does not retry
 * (its group coordinator lost while the broker restarts), and a consumer can hang without a crash:
 * either way the app would stay up and ready, consuming nothing. The supervisor starts it again with
 * back-off, one restart at a time, until it runs or the app stops.
 */
export class ConsumerSupervisor {
  private current?: Consumer;
  private lastSignOfLife = Date.now();
  private restarting = false;
  /** A crash came while a restart was under way: that restart's consumer is gone too. */
  private crashedDuringRestart = false;
  private stopped = false;
  private watch?: NodeJS.Timeout;

  constructor(
    private readonly lifecycle: ConsumerLifecycle,
    private readonly logger: LoggerService,
  ) {}

  /** Starts the first consumer (its failure is the caller's) and watches it from then on. */
  async start(): Promise<void> {
    await this.lifecycle.launch();
    this.lastSignOfLife = Date.now();
    this.watch = setInterval(() => this.checkAlive(), WATCH_INTERVAL_MS).unref();
  }

  /** Ends the watch and any restart to come; the caller disconnects the consumer. */
  stop(): void {
    this.stopped = true;
    clearInterval(this.watch);
  }

  /** Follows a consumer the lifecycle made, before it connects: its crashes and its fetches. */
  observe(consumer: Consumer): void {
    this.current = consumer;
    const { CRASH, FETCH_START, GROUP_JOIN } = consumer.events;
    const alive = () => {
      if (consumer === this.current) this.lastSignOfLife = Date.now();
    };
    consumer.on(FETCH_START, alive);
    consumer.on(GROUP_JOIN, alive);
    consumer.on(CRASH, ({ payload }) => {
      if (consumer !== this.current) return;
      alive();
      if (!payload.restart) void this.restart('crashed', payload.error);
    });
  }

  private checkAlive(): void {
    const quietMs = Date.now() - this.lastSignOfLife;
    if (this.restarting || this.stopped || quietMs < CONSUMER_STALL_MS) return;
    void this.restart(
      'stalled',
      new Error(`no fetch, group join or crash for ${Math.round(quietMs / 1000)} s`),
    );
  }

  private async restart(reason: RestartReason, error: Error): Promise<void> {
    if (this.restarting) {
      this.crashedDuringRestart = true;
      return;
    }
    this.restarting = true;
    consumerRestarts.inc({ reason });
    this.logger.error({ err: error, reason }, 'Kafka consumer stopped consuming; starting it again');
    try {
      do {
        this.crashedDuringRestart = false;
        await this.relaunchWithBackoff();
      } while (this.crashedDuringRestart && !this.stopped);
    } finally {
      this.restarting = false;
      this.lastSignOfLife = Date.now();
    }
  }

  private async relaunchWithBackoff(): Promise<void> {
    for (
      let pauseMs = RESTART_BACKOFF_MS.first;
      !this.stopped;
      pauseMs = Math.min(2 * pauseMs, RESTART_BACKOFF_MS.max)
    ) {
      await sleep(pauseMs, undefined, { ref: false });
      if (this.stopped) return;
      try {
        await Promise.race([
          this.lifecycle.dispose().catch(() => undefined),
          sleep(DISPOSE_TIMEOUT_MS, undefined, { ref: false }),
        ]);
        await this.lifecycle.launch();
        this.logger.warn('Kafka consumer started again');
        return;
      } catch (launchError) {
        this.logger.warn({ err: launchError }, 'Kafka consumer could not start again yet');
      }
    }
  }
}
