import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PollingWorker } from '../workers/polling-worker';
import { purgeExpired, PurgeBounds, RetentionPolicy } from './purge-expired';

/** The policies of the app's tables, its inbox included (RetentionModule). */
export const RETENTION_POLICIES = Symbol('RETENTION_POLICIES');

/** A tick takes at most 10 batches of 1,000 rows per table: well under a second each on an index. */
const BOUNDS: PurgeBounds = { batchRows: 1_000, batchesPerCall: 10 };
const IDLE_MS = 60_000;

/**
 * Purges the app's tables of the rows past their retention (docs/operations.md#retention), on every
 * replica: concurrent replicas skip each other's batches. While a table has more due, the loop goes
 * on at once; a tick is bounded, so shutting down never waits for a whole backlog.
 */
@Injectable()
export class RetentionWorker extends PollingWorker {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(RETENTION_POLICIES) private readonly policies: RetentionPolicy[],
  ) {
    super();
    this.declareLoop({
      name: 'retention-purge',
      work: 'purging rows past their retention',
      tick: () => this.purgeAll(),
      idleMs: IDLE_MS,
      errorMs: IDLE_MS,
    });
  }

  /**
   * Each table on its own: one whose purge fails (a lock timeout, a dropped index) leaves the others
   * purged; the failure is raised once all were tried, so the loop logs it and backs off.
   */
  async purgeAll(): Promise<boolean> {
    let moreDue = false;
    const failures: Error[] = [];
    for (const policy of this.policies) {
      try {
        moreDue = (await purgeExpired(this.dataSource, policy, BOUNDS)) || moreDue;
      } catch (error) {
        failures.push(new Error(`purging ${policy.table}: ${(error as Error).message}`, { cause: error }));
      }
    }
    if (failures.length > 0)
      throw new AggregateError(failures, failures.map((each) => each.message).join('; '));
    return moreDue;
  }
}
