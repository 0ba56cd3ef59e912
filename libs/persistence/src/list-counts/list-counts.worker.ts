import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PollingWorker } from '../workers/polling-worker';

/** Deltas folded into the counts per statement: a short transaction, whatever the backlog. */
const DELTAS_PER_TICK = 5_000;
const IDLE_MS = 1_000;
const ERROR_MS = 5_000;

/**
 * Folds the deltas the counted lists' triggers append into their counts, oldest first, so that a
 * count reads one row and the few deltas of the last second. Deltas are taken with SKIP LOCKED and
 * removed in the transaction that adds them to the counts: replicas fold disjoint deltas, and a
 * reader's snapshot sees each delta either still pending or in its count, never both or neither.
 */
@Injectable()
export class ListCountsWorker extends PollingWorker {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
    this.declareLoop({
      name: 'list-counts-compactor',
      work: 'folding list count deltas',
      tick: () => this.fold(),
      idleMs: IDLE_MS,
      errorMs: ERROR_MS,
    });
  }

  /** Folds one batch; true when a full batch was folded, as more may wait. */
  async fold(): Promise<boolean> {
    const [{ folded }] = await this.dataSource.query(
      `WITH taken AS (
         DELETE FROM list_count_deltas WHERE id IN (
           SELECT id FROM list_count_deltas ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING list, platform_id, environment, dimension, value, delta),
       added AS (
         INSERT INTO list_counts (list, platform_id, environment, dimension, value, count)
         SELECT list, platform_id, environment, dimension, value, sum(delta) FROM taken
          GROUP BY list, platform_id, environment, dimension, value
         ON CONFLICT (list, platform_id, environment, dimension, value)
         DO UPDATE SET count = list_counts.count + excluded.count)
       SELECT count(*)::int AS folded FROM taken`,
      [DELTAS_PER_TICK],
    );
    return folded === DELTAS_PER_TICK;
  }
}
