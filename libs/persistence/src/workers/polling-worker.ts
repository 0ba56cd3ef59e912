import { BeforeApplicationShutdown, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PollingLoop, PollingOptions } from '@payments/runtime';
import { Parking } from '../parking/parking';
import { ParkableTable } from '../parking/parked-rows';

/** One loop of a worker: what PollingLoop needs, in one place. */
export interface LoopDeclaration extends PollingOptions {
  /** What a tick does, for the log line of a failure. */
  work: string;
  /** One round of the work; true when more is waiting, so that the next round comes at once. */
  tick: () => Promise<boolean>;
}

/** A loop whose failing items are parked in `table` after `maxFailures` (Parking's default when absent). */
export interface ParkingLoopDeclaration extends LoopDeclaration {
  /** The rows the worker parks, under the loop's name (background_items_parked_total{worker}). */
  table: ParkableTable;
  maxFailures?: number;
}

export interface DeclaredLoop {
  loop: PollingLoop;
}

export interface DeclaredParkingLoop extends DeclaredLoop {
  parking: Parking;
}

/**
 * A provider whose work is one or more PollingLoops, run for the life of the app: each loop is
 * declared once (declareLoop) and gets the worker's logger, and its parking when it parks items.
 * The loops start once the app is up and stop before the database and other connections close
 * (they close in onApplicationShutdown), so that a tick in progress finishes rather than failing on
 * a closed pool; afterLoopsStop then lets work the ticks handed off finish, still before they close.
 */
export abstract class PollingWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** Named after the worker's class. */
  protected readonly logger = new Logger(this.constructor.name);
  private readonly loops: PollingLoop[] = [];

  onApplicationBootstrap(): void {
    for (const loop of this.loops) loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.loops.map((loop) => loop.stop()));
    await this.afterLoopsStop();
  }

  /** Work the ticks started and left running (batches in flight, leases held): finished or released here. */
  protected async afterLoopsStop(): Promise<void> {}

  /** Builds a loop that runs with the worker, and the parking of its table when it has one. */
  protected declareLoop(declaration: ParkingLoopDeclaration): DeclaredParkingLoop;
  protected declareLoop(declaration: LoopDeclaration): DeclaredLoop;
  protected declareLoop(
    declaration: LoopDeclaration | ParkingLoopDeclaration,
  ): DeclaredLoop | DeclaredParkingLoop {
    const { work, tick, name, idleMs, errorMs } = declaration;
    const loop = new PollingLoop(this.logger, work, tick, { name, idleMs, errorMs });
    this.loops.push(loop);
    if (!('table' in declaration)) return { loop };
    const parking = new Parking(this.logger, name, declaration.table, declaration.maxFailures);
    return { loop, parking };
  }
}
