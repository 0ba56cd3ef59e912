import { Injectable, Logger } from '@nestjs/common';
import { PollingLoop, PollingWorker } from '@payments/runtime';
import { ReceiverLookupStore } from '@quoting/receivers/receiver-lookup.store';

const BATCH = 1_000;
const IDLE_MS = 60_000;

/** Deletes stale lookups on every replica (a DELETE of distinct rows needs no coordination). */
@Injectable()
export class ReceiverLookupSweeper extends PollingWorker {
  private readonly logger = new Logger(ReceiverLookupSweeper.name);
  protected readonly loop = new PollingLoop(
    this.logger,
    'deleting stale receiver lookups',
    async () => (await this.store.deleteStale(BATCH)) === BATCH,
    { name: 'receiver-lookup-sweeper', idleMs: IDLE_MS, errorMs: IDLE_MS },
  );

  constructor(private readonly store: ReceiverLookupStore) {
    super();
  }
}
