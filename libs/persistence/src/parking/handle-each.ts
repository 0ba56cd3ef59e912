import { ItemFailure } from '../group-commit/isolate-failures';
import { isSystemicFault } from '../group-commit/systemic-fault';

/**
 * Handles items one by one and answers those whose handling failed, so that one bad item never stops
 * the others. A failure that looks systemic (see isSystemicFault) is the item's own when another
 * item of the round got an answer, before or after it: a peer that answers 500 for one request only
 * is not down. When two such failures come with no answer in between, or the round ends on one that
 * nothing answered, the fault is systemic and is thrown, so that the worker backs off and charges no
 * item with it.
 */
export async function handleEach<T>(
  items: T[],
  handle: (item: T) => Promise<void>,
): Promise<ItemFailure<T>[]> {
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
