import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { toApiId } from '@payments/contracts';
import { PollingWorker } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';

/** Short next to the second a linked account waits, and cheap: the due accounts have an index of their own. */
const POLL_INTERVAL_MS = 200;
const ERROR_DELAY_MS = 2_000;
const BATCH_SIZE = 100;

/**
 * Turns PENDING accounts ACTIVE once their due time passes. The due time is in the database, so an
 * account is activated even if the replica that created it stops; every replica polls, and row locks
 * taken with SKIP LOCKED give each due account to one of them. An account that cannot be written is
 * parked after a few failures, and the others are activated all the same.
 */
@Injectable()
export class PendingAccountWorker extends PollingWorker {
  private readonly parking = this.declareLoop({
    name: 'pending-account-activator',
    work: 'activating pending external accounts',
    table: { table: 'external_accounts', key: 'id', keyType: 'uuid' },
    tick: () => this.activateDue(),
    idleMs: POLL_INTERVAL_MS,
    errorMs: ERROR_DELAY_MS,
  }).parking;

  constructor(
    private readonly accounts: ExternalAccountsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    super();
  }

  /** One batch; true when it was full, so that the next one is taken at once. */
  private async activateDue(): Promise<boolean> {
    const { taken, failures } = await this.accounts.activateDue(BATCH_SIZE);
    await this.parking.recordFailures(
      this.dataSource,
      failures.map(({ item, error }) => ({
        key: item.id,
        ids: {
          externalAccountId: toApiId('ExternalAccount', item.id),
          ...(item.customerId ? { customerId: toApiId('Customer', item.customerId) } : {}),
        },
        error,
      })),
    );
    return taken === BATCH_SIZE;
  }
}
