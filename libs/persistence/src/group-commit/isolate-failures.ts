import { isSystemicFault } from './systemic-fault';

/** An item that could not be processed, and why. */
export interface ItemFailure<T> {
  item: T;
  error: unknown;
}

/** What a batch run came to for one item: its result, or the failure it caused on its own. */
export type ItemOutcome<T, R> = { item: T; result: R } | ItemFailure<T>;

export interface IsolatedRun<T, R> {
  /** One per item, in order. */
  outcomes: ItemOutcome<T, R>[];
  /** Set when a systemic fault stopped the run: the part that met it, and every part left, failed with it. */
  stoppedBy?: { error: unknown };
}

/**
 * Runs `run` on the whole batch and, when the batch fails for something other than a systemic
 * fault, again on each half in turn, until every item that fails is alone: the others go through,
 * and one bad item costs about two runs per halving. A systemic fault (the database or the peer is
 * down) stops the run, since every part would fail alike: the parts not yet run are not tried.
 * `run` answers one result per item, in order.
 */
export async function runIsolatingFailures<T, R>(
  items: T[],
  run: (part: T[]) => Promise<R[]>,
  isSystemic: (error: unknown) => boolean = isSystemicFault,
): Promise<IsolatedRun<T, R>> {
  const outcomes: ItemOutcome<T, R>[] = [];
  let stoppedBy: { error: unknown } | undefined;
  const runPart = async (part: T[]): Promise<void> => {
    if (stoppedBy) {
      for (const item of part) outcomes.push({ item, error: stoppedBy.error });
      return;
    }
    try {
      const results = await run(part);
      part.forEach((item, index) => outcomes.push({ item, result: results[index] }));
    } catch (error) {
      if (isSystemic(error)) stoppedBy = { error };
      if (stoppedBy || part.length === 1) {
        for (const item of part) outcomes.push({ item, error });
        return;
      }
      const middle = Math.ceil(part.length / 2);
      await runPart(part.slice(0, middle));
      await runPart(part.slice(middle));
    }
  };
  if (items.length > 0) await runPart(items);
  return { outcomes, stoppedBy };
}

/** runIsolatingFailures for a worker: a systemic fault is thrown, so that the worker backs off. */
export async function isolateFailures<T, R>(
  items: T[],
  run: (part: T[]) => Promise<R[]>,
): Promise<ItemOutcome<T, R>[]> {
  const { outcomes, stoppedBy } = await runIsolatingFailures(items, run);
  if (stoppedBy) throw stoppedBy.error;
  return outcomes;
}
