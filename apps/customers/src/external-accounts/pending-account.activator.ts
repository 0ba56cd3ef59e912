import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';

/** Short next to the second a linked account waits, and cheap: the due accounts have an index of their own. */
const POLL_INTERVAL_MS = 200;
const BATCH_SIZE = 100;

/**
 * Turns PENDING accounts ACTIVE once their due time passes. The due time is in the database, so an
 * account is activated even if the replica that created it stops; every replica polls, and row locks
 * taken with SKIP LOCKED give each due account to one of them.
 */
@Injectable()
export class PendingAccountActivator implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PendingAccountActivator.name);
  private timer?: NodeJS.Timeout;
  /** The round under way, if any: rounds never overlap, and shutdown waits for one to finish. */
  private round?: Promise<void>;

  constructor(private readonly accounts: ExternalAccountsService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.round ??= this.activateDue().finally(() => (this.round = undefined));
    }, POLL_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.round;
  }

  private async activateDue(): Promise<void> {
    try {
      while ((await this.accounts.activateDue(BATCH_SIZE)) === BATCH_SIZE);
    } catch (error) {
      this.logger.error({ err: error }, 'activating pending external accounts failed; retrying');
    }
  }
}
