import { Logger } from '@nestjs/common';

/**
 * How long a claim on a row lasts unless renewed: a replica that dies (kill -9, a lost node) leaves
 * its work to the others after at most this long.
 */
export const LEASE_MS = 5_000;
/** How often the heartbeat renews the leases held; a lease survives four missed or slow beats. */
export const RENEW_EVERY_MS = 1_000;

/** A claim on one item: `token`, new with each claim, is written with it and proves it is still this holder's. */
export interface Lease {
  key: string;
  token: string;
}

/** The statements behind a heartbeat; each takes all the leases at once. */
export interface LeaseStatements {
  /** Extends to LEASE_MS from now the leases still held under their token; answers the tokens extended. */
  renew(leases: Lease[]): Promise<string[]>;
  /** Ends the leases still held under their token, so that another replica takes their items at once. */
  release(leases: Lease[]): Promise<void>;
}

/**
 * Keeps a replica's claims alive while it works on them: every RENEW_EVERY_MS, one statement
 * renews every lease held for more than half a beat (a claim finished sooner costs nothing). A
 * lease the renewal no longer finds was lost, its item taken by another replica after the lease
 * ran out (a stalled event loop, a database outage): its holder must not write an outcome over the
 * new holder's. The timer runs only while something is held, so an idle replica never wakes for it.
 */
export class LeaseHeartbeat {
  /** By token: an item this replica claims again (its earlier lease ran out) is another lease. */
  private readonly held = new Map<string, { lease: Lease; renewedAt: number }>();
  private readonly lost = new Set<string>();
  private timer?: NodeJS.Timeout;
  private renewing = false;

  constructor(
    private readonly logger: Logger,
    /** What is leased, for log lines. */
    private readonly what: string,
    private readonly statements: LeaseStatements,
  ) {}

  get size(): number {
    return this.held.size;
  }

  hold(lease: Lease): void {
    this.held.set(lease.token, { lease, renewedAt: Date.now() });
    this.timer ??= setInterval(() => void this.beat(), RENEW_EVERY_MS);
  }

  /** Stops renewing the lease, once its outcome is about to be written; false when it was lost meanwhile. */
  drop({ token }: Lease): boolean {
    if (this.lost.delete(token)) return false;
    const held = this.held.delete(token);
    if (this.held.size === 0) this.stopTimer();
    return held;
  }

  /** Ends every lease held (a clean shutdown); outcomes finished afterwards are not written. */
  async releaseAll(): Promise<void> {
    this.stopTimer();
    const leases = [...this.held.values()].map(({ lease }) => lease);
    this.held.clear();
    for (const { token } of leases) this.lost.add(token);
    if (leases.length === 0) return;
    await this.statements.release(leases);
    this.logger.log({ count: leases.length }, `released the leases on ${this.what} still in hand`);
  }

  private async beat(): Promise<void> {
    if (this.renewing) return;
    const before = Date.now() - RENEW_EVERY_MS / 2;
    const due = [...this.held.values()].filter((held) => held.renewedAt <= before).map(({ lease }) => lease);
    if (due.length === 0) return;
    this.renewing = true;
    try {
      const renewedAt = Date.now();
      const renewed = new Set(await this.statements.renew(due));
      for (const { key, token } of due) {
        const held = this.held.get(token);
        // Dropped while the statement ran: its outcome is written or on its way.
        if (!held) continue;
        if (renewed.has(token)) {
          held.renewedAt = renewedAt;
        } else {
          this.held.delete(token);
          this.lost.add(token);
          this.logger.warn(
            { key },
            `lost the lease on one of the ${this.what}; its outcome will not be written`,
          );
        }
      }
    } catch (error) {
      // The leases may run out meanwhile; the token guards what their holders write.
      this.logger.warn({ err: error }, `could not renew the leases on ${this.what}; trying again`);
    } finally {
      this.renewing = false;
      if (this.held.size === 0) this.stopTimer();
    }
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
