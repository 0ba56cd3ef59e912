import type { NonceValidator } from '@uma-sdk/core';
import {
  SIGNATURE_WINDOW_SECONDS,
  withinSignatureWindow,
} from '@customers/uma-protocol/peers/signature-window';
/** How often the nonces past the window are dropped: one scan of the map now and then, not per message. */
const SWEEP_INTERVAL_SECONDS = 10;

/**
 * The nonces of the answers this replica's own UMA requests got (lookups, pay requests it sent), seen
 * in the last window: an answer older than the window, or seen again within it, is a replay and
 * refused. Answers come back on the connection that asked, so this replica alone can see them; the
 * pay requests peers send, which any replica may receive, are guarded by PayRequestNonces in Redis.
 */
export class RecentNonces implements NonceValidator {
  private readonly seen = new Map<string, number>();
  private sweptAt = 0;

  async checkAndSaveNonce(nonce: string, timestampSeconds: number): Promise<boolean> {
    const now = Date.now() / 1000;
    if (!withinSignatureWindow(timestampSeconds, now)) return false;
    const cutoff = now - SIGNATURE_WINDOW_SECONDS;
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
