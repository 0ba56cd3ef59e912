import { version as kafkajsVersion } from 'kafkajs/package.json';

/** The part of kafkajs's per-connection request queue that schedules its pending-request check. */
interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for looking at a non-empty queue again when no throttle end is known. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;
const FIXED_VERSION = '2.2.4';

/**
 * kafkajs 2.2.4 re-arms a timer of 1 ms on every broker connection for as long as the connection
 * lives, pending requests or not (tulios/kafkajs#1556; the fix of #1667 was never released): each
 * app woke about 900 times a second doing nothing, about 2% of this 2-core machine per app at idle,
 * and the same under load. This schedules the check only while requests wait, as the fix does: at
 * the end of a broker's throttle, or after kafkajs's 10 ms when the wait is for an in-flight slot
 * (a response also checks the queue). A request is only ever queued by `push`, which schedules.
 *
 * Applied only to the version it was written against (another keeps its own code); answers whether
 * it was.
 */
export function fixInstalledKafkajs(): boolean {
  if (kafkajsVersion !== FIXED_VERSION) return false;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- kafkajs exports no type for its internal module
  const { prototype } = require('kafkajs/src/network/requestQueue') as { prototype: RequestQueueInternals };
  prototype.scheduleCheckPendingRequests = function scheduleWhileRequestsWait(this: RequestQueueInternals) {
    if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
    const untilUnthrottledMs = this.throttledUntil - Date.now();
    this.throttleCheckTimeoutId = setTimeout(
      () => {
        this.throttleCheckTimeoutId = null;
        this.checkPendingRequests();
      },
      untilUnthrottledMs > 0 ? untilUnthrottledMs : CHECK_PENDING_REQUESTS_INTERVAL_MS,
    );
  };
  return true;
}
