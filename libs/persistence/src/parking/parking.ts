import { Logger } from '@nestjs/common';
import { Counter } from 'prom-client';
import { failureCode } from './failure-text';
import { countFailures, ParkableTable, parkRows, Queryable } from './parked-rows';

const parkedItems = new Counter({
  name: 'background_items_parked_total',
  help: 'Items a background worker set aside after failing on them repeatedly, by worker and reason',
  labelNames: ['worker', 'reason'] as const,
});

/** A row a worker failed on: its key in its table, the ids to log it with, and the error. */
export interface FailedRow {
  key: string;
  ids: Record<string, unknown>;
  error: unknown;
}

/**
 * How a background worker gives up on a row that keeps failing: each failure is counted on the row,
 * and after `maxFailures` the row is parked (set aside with the reason on it, no longer claimed),
 * counted in background_items_parked_total and logged with its ids, while the worker goes on with
 * the others.
 */
export class Parking {
  constructor(
    private readonly logger: Logger,
    readonly worker: string,
    private readonly table: ParkableTable,
    readonly maxFailures = 5,
  ) {}

  /** Whether an item that has now failed `failures` times is parked rather than tried again. */
  isExhausted(failures: number): boolean {
    return failures >= this.maxFailures;
  }

  /** Counts a failed attempt on each row and parks those that reach maxFailures. */
  async recordFailures(db: Queryable, rows: FailedRow[]): Promise<void> {
    const parked = await countFailures(db, this.table, rows, this.maxFailures);
    for (const row of rows) {
      if (parked.has(row.key)) this.parked(row);
      else
        this.logger.warn(
          { ...row.ids, err: row.error },
          `${this.worker}: an item failed; it is tried again later`,
        );
    }
  }

  /** Parks rows at once: their failure would not change by trying again. */
  async park(db: Queryable, rows: FailedRow[]): Promise<void> {
    await parkRows(db, this.table, rows);
    for (const row of rows) this.parked(row);
  }

  private parked({ ids, error }: FailedRow): void {
    reportParked(this.logger, this.worker, ids, error);
  }
}

/**
 * Counts in background_items_parked_total and logs an item set aside; on its own, for an item that
 * is no row to park (an entry of a batch request, failed in its result instead).
 */
export function reportParked(
  logger: Logger,
  worker: string,
  ids: Record<string, unknown>,
  error: unknown,
): void {
  parkedItems.inc({ worker, reason: failureCode(error) });
  logger.error({ ...ids, err: error }, `${worker}: an item was parked; the others go on`);
}
