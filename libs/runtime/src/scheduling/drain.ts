/**
 * The part of SHUTDOWN_TIMEOUT_MS a worker lets the work in its hands finish in; the rest is left
 * for releasing what did not, the last Kafka commit and closing the connections.
 */
export function drainGraceMs(shutdownTimeoutMs: number): number {
  return shutdownTimeoutMs / 2;
}

/** Waits until every piece of `work` has settled or `ms` have passed; true when all settled. */
export async function settledWithin(work: Iterable<Promise<unknown>>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = Promise.allSettled(work).then(() => true as const);
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
