import type { NonceValidator } from '@uma-sdk/core';

/** How far a signed message's timestamp may be from now: clocks differ, and a message takes time. */
const WINDOW_SECONDS = 600;

/**
 * The nonces of the peers' signed messages seen in the last WINDOW_SECONDS by this replica: a message
 * older than the window, or seen again within it, is a replay and refused. Another replica keeps its
 * own; what a replayed pay request could do twice is named by its nonce (the incoming payment's id),
 * so it finds the first payment instead of making another.
 */
export class RecentNonces implements NonceValidator {
  private readonly seen = new Map<string, number>();

  async checkAndSaveNonce(nonce: string, timestampSeconds: number): Promise<boolean> {
    const now = Date.now() / 1000;
    if (Math.abs(now - timestampSeconds) > WINDOW_SECONDS) return false;
    this.forgetOlderThan(now - WINDOW_SECONDS);
    if (this.seen.has(nonce)) return false;
    this.seen.set(nonce, timestampSeconds);
    return true;
  }

  private forgetOlderThan(cutoff: number): void {
    for (const [nonce, timestamp] of this.seen) {
      if (timestamp < cutoff) this.seen.delete(nonce);
    }
  }
}
