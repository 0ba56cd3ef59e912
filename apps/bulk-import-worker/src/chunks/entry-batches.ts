/**
 * Splits `items` in order into batches whose JSON, as `entryOf` gives it, stays within `maxBytes`
 * (an item larger than that alone makes a batch of its own). The split depends only on the items,
 * so a retried chunk sends the same batches under the same keys.
 */
export function batchesWithin<T>(items: T[], entryOf: (item: T) => unknown, maxBytes: number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(entryOf(item))) + 1;
    if (current.length > 0 && bytes + size > maxBytes) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
