import { isSystemicFault } from '../group-commit/systemic-fault';

/** An item a worker could not process, and why. */
export interface ItemFailure<T> {
  item: T;
  error: unknown;
}

/** What a batch run came to for one item: its result, or the failure it caused on its own. */
export type ItemOutcome<T, R> = { item: T; result: R } | ItemFailure<T>;

/**
 * Runs `run` on the whole batch and, when the batch fails for something other than a systemic fault,
 * again on each half, until every item that fails is alone: the others go through, and one bad item
 * costs about two runs per halving. A systemic fault is thrown, since every part would fail alike.
 * `run` answers one result per item, in order.
 */
export async function isolateFailures<T, R>(items: T[], run: (part: T[]) => Promise<R[]>): Promise<ItemOutcome<T, R>[]> {
  if (items.length === 0) return [];
  try {
    const results = await run(items);
    return items.map((item, index) => ({ item, result: results[index] }));
  } catch (error) {
    if (isSystemicFault(error)) throw error;
    if (items.length === 1) return [{ item: items[0], error }];
    const middle = Math.ceil(items.length / 2);
    return [...(await isolateFailures(items.slice(0, middle), run)), ...(await isolateFailures(items.slice(middle), run))];
  }
}

/**
 * Handles items one by one and answers those whose handling failed, so that one bad item never stops
 * the others. A failure that looks systemic (see isSystemicFault) is the item's own when another
 * item of the round got an answer, before or after it: a peer that answers 500 for one request only
 * is not down. When two such failures come with no answer in between, or the round ends on one that
 * nothing answered, the fault is systemic and is thrown, so that the worker backs off and charges no
 * item with it.
 */
export async function handleEach<T>(items: T[], handle: (item: T) => Promise<void>): Promise<ItemFailure<T>[]> {
  const failures: ItemFailure<T>[] = [];
  let answered = false;
  let suspect: ItemFailure<T> | undefined;
  for (const item of items) {
    const failure = await handle(item).then(
      () => undefined,
      (error: unknown) => ({ item, error }),
    );
    const systemic = failure !== undefined && isSystemicFault(failure.error);
    if (systemic && !answered) {
      if (suspect) throw suspect.error;
      suspect = failure;
      continue;
    }
    if (failure) failures.push(failure);
    if (!systemic) answered = true;
    if (answered && suspect) {
      failures.push(suspect);
      suspect = undefined;
    }
  }
  if (suspect) throw suspect.error;
  return failures;
}
