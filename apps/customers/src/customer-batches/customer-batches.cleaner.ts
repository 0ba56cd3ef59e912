import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PollingLoop, PollingWorker } from '@payments/runtime';
import { DataSource } from 'typeorm';

/** A retried batch comes within minutes; a day leaves room for a long outage of the importer. */
const RESULTS_KEPT_HOURS = 24;
const CLEANUP_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes the kept outcomes of customer batches once no retry can come for them, on every replica
 * (a DELETE of old rows needs no coordination).
 */
@Injectable()
export class CustomerBatchesCleaner extends PollingWorker {
  private readonly logger = new Logger(CustomerBatchesCleaner.name);
  protected readonly loop = new PollingLoop(
    this.logger,
    'deleting old customer batch outcomes',
    () => this.deleteExpired(),
    {
      name: 'customer-batches-cleaner',
      idleMs: CLEANUP_INTERVAL_MS,
      errorMs: CLEANUP_INTERVAL_MS,
    },
  );

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  private async deleteExpired(): Promise<boolean> {
    await this.dataSource.query(
      `DELETE FROM customer_batches WHERE created_at < now() - make_interval(hours => $1)`,
      [RESULTS_KEPT_HOURS],
    );
    return false;
  }
}
