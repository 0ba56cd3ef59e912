import { BatchGroupCommit, GroupCommit, KeyedGroupCommit } from '../group-commit';

/** A commit that records its batches and finishes when the test says so. */
function controlledCommit() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const commit = (items: number[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve) =>
      pending.push(() => resolve(items.map((item) => `done ${item}`))),
    );
  };
  /** Finishes the oldest commit still running. */
  const finishNext = async () => {
    pending.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, commit, finishNext };
}

describe('GroupCommit', () => {
  it('commits a lone item at once, and groups the items that arrive meanwhile into the next commit', async () => {
    const { batches, commit, finishNext } = controlledCommit();
    const group = new GroupCommit(commit, { maxBatch: 10, maxInFlight: 1 });

    const first = group.add(1);
    const others = [group.add(2), group.add(3), group.add(4)];
    expect(batches).toEqual([[1]]);

    await finishNext();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await finishNext();

    expect(await first).toBe('done 1');
    expect(await Promise.all(others)).toEqual(['done 2', 'done 3', 'done 4']);
  });

  it('runs up to maxInFlight commits at once before it starts grouping', async () => {
    const { batches, commit, finishNext } = controlledCommit();
    const group = new GroupCommit(commit, { maxBatch: 10, maxInFlight: 2 });

    const all = [1, 2, 3, 4].map((item) => group.add(item));
    expect(batches).toEqual([[1], [2]]);

    await finishNext();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    await finishNext();
    await finishNext();
    expect(await Promise.all(all)).toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
  });

  it('keeps batches within the maximum size', async () => {
    const { batches, commit, finishNext } = controlledCommit();
    const group = new GroupCommit(commit, { maxBatch: 2, maxInFlight: 1 });

    const all = [1, 2, 3, 4, 5].map((item) => group.add(item));
    for (let batch = 0; batch < 3; batch++) await finishNext();

    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
    expect(await Promise.all(all)).toHaveLength(5);
  });

  it('fails every item of a failed batch, and goes on with the next one', async () => {
    let calls = 0;
    const group = new GroupCommit(
      async (items: number[]) => {
        calls++;
        if (calls === 1) throw new Error('database down');
        return items;
      },
      { maxBatch: 10, maxInFlight: 1 },
    );

    const failed = group.add(1);
    const next = group.add(2);

    await expect(failed).rejects.toThrow('database down');
    await expect(next).resolves.toBe(2);
  });
});

describe('GroupCommit isolating a fault', () => {
  /** Refuses any batch that holds a negative item, as a whole. */
  const refusingNegatives = async (items: number[]) => {
    if (items.some((item) => item < 0)) throw new RangeError(`cannot read ${items.join(', ')}`);
    return items.map((item) => item * 10);
  };

  it('commits each item of a batch failed by one of them again alone, failing that one only', async () => {
    const group = new GroupCommit(refusingNegatives, {
      maxBatch: 10,
      maxInFlight: 1,
      isolatesFault: (error) => error instanceof RangeError,
    });

    const outcomes = await Promise.allSettled([group.add(1), group.add(2), group.add(-3), group.add(4)]);

    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'fulfilled', value: 20 },
      { status: 'rejected', reason: new RangeError('cannot read -3') },
      { status: 'fulfilled', value: 40 },
    ]);
  });

  it('isolates the fault by halves committed in turn, keeping the items in order', async () => {
    const commits: number[][] = [];
    const group = new GroupCommit(
      (items: number[]) => {
        commits.push(items);
        return refusingNegatives(items);
      },
      { maxBatch: 10, maxInFlight: 1, isolatesFault: (error) => error instanceof RangeError },
    );

    await Promise.allSettled([group.add(1), group.add(2), group.add(-3), group.add(4)]);

    expect(commits).toEqual([[1], [2, -3, 4], [2, -3], [2], [-3], [4]]);
  });

  it('fails the whole batch for any other error', async () => {
    const group = new GroupCommit(refusingNegatives, {
      maxBatch: 10,
      maxInFlight: 1,
      isolatesFault: (error) => error instanceof TypeError,
    });

    const outcomes = await Promise.allSettled([group.add(1), group.add(2), group.add(-3)]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
  });
});

describe('KeyedGroupCommit', () => {
  it('groups items of one key only, each key with commits of its own', async () => {
    const { batches, commit, finishNext } = controlledCommit();
    const groups = new KeyedGroupCommit(commit, { maxBatch: 10, maxInFlight: 1 });

    const results = [
      groups.add('a', 1),
      groups.add('b', 2),
      groups.add('a', 3),
      groups.add('b', 4),
      groups.add('a', 5),
    ];
    expect(batches).toEqual([[1], [2]]);

    await finishNext();
    await finishNext();
    expect(batches).toEqual([[1], [2], [3, 5], [4]]);
    await finishNext();
    await finishNext();

    expect(await Promise.all(results)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
  });
});

describe('BatchGroupCommit', () => {
  it('commits the batches that wait together, each whole and in order, and answers each its own results', async () => {
    const { batches, commit, finishNext } = controlledCommit();
    const group = new BatchGroupCommit(commit, { maxBatch: 2, maxInFlight: 1 });

    const first = group.add([1, 2]);
    const second = group.add([3]);
    const third = group.add([4, 5, 6]);
    const fourth = group.add([7]);
    expect(batches).toEqual([[1, 2]]);

    await finishNext();
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5, 6],
    ]);
    await finishNext();
    expect(batches).toEqual([[1, 2], [3, 4, 5, 6], [7]]);
    await finishNext();

    expect(await first).toEqual(['done 1', 'done 2']);
    expect(await second).toEqual(['done 3']);
    expect(await third).toEqual(['done 4', 'done 5', 'done 6']);
    expect(await fourth).toEqual(['done 7']);
  });
});
