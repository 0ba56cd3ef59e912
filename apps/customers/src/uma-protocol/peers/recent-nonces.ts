import type { NonceValidator } from '@uma-sdk/core';

/** How far a signed message's timestamp may be from now: clocks differ, and a message takes time. */
const WINDOW_SECONDS = 600;
/** How often the nonces past the window are dropped: one scan of the map now and then, not per message. */
const SWEEP_INTERVAL_SECONDS = 10;

/**
 * The nonces of the peers' signed messages seen in the last WINDOW_SECONDS by this replica: a message
 * older than the window, or seen again within it, is a replay and refused. Another replica keeps its
 * own; what a replayed pay request could do twice is named by its nonce (the incoming payment's id),
 * so it finds the first payment instead of making another.
 */
export class RecentNonces implements NonceValidator {
  private readonly seen = new Map<string, number>();
  private sweptAt = 0;

  async checkAndSaveNonce(nonce: string, timestampSeconds: number): Promise<boolean> {
    const now = Date.now() / 1000;
    if (Math.abs(now - timestampSeconds) > WINDOW_SECONDS) return false;
    const cutoff = now - WINDOW_SECONDS;
    if (now - this.sweptAt >= SWEEP_INTERVAL_SECONDS) {
      this.forgetOlderThan(cutoff);
      this.sweptAt = now;
    }
    // A nonce past the window that the last sweep left is forgotten as well.
    const seenAt = this.seen.get(nonce);
    if (seenAt !== undefined && seenAt >= cutoff) return false;
    this.seen.set(nonce, timestampSeconds);
    return true;
  }

  private forgetOlderThan(cutoff: number): void {
    for (const [nonce, timestamp] of this.seen) {
      if (timestamp < cutoff) this.seen.delete(nonce);
    }
  }
}
