import { batchesWithin } from '@bulk-import/chunks/entry-batches';

describe('batchesWithin', () => {
  /** A string whose JSON, with the separator between entries, takes `size` bytes. */
  const item = (size: number) => 'x'.repeat(size - 3);

  it('cuts the items, in order, into batches whose JSON stays within the limit', () => {
    const items = [item(40), item(40), item(40), item(30), item(10)];
    expect(batchesWithin(items, (value) => value, 100).map((batch) => batch.length)).toEqual([2, 3]);
  });

  it('gives an item larger than the limit a batch of its own, and nothing for no items', () => {
    expect(
      batchesWithin([item(10), item(500), item(10)], (value) => value, 100).map((batch) => batch.length),
    ).toEqual([1, 1, 1]);
    expect(batchesWithin([], (value) => value, 100)).toEqual([]);
  });
});
