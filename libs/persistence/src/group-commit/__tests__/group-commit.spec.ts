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

  it('fails every item of a batch failed systemically, without a retry, and goes on with the next one', async () => {
    const commits: number[][] = [];
    let databaseDown = true;
    const group = new GroupCommit(
      async (items: number[]) => {
        commits.push(items);
        if (databaseDown) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        return items;
      },
      { maxBatch: 10, maxInFlight: 1 },
    );

    const failed = [group.add(1), group.add(2), group.add(3)];
    for (const each of failed) await expect(each).rejects.toThrow('ECONNREFUSED');
    databaseDown = false;

    await expect(group.add(4)).resolves.toBe(4);
    expect(commits).toEqual([[1], [2, 3], [4]]);
  });
});

describe('GroupCommit isolating a fault', () => {
  /** Refuses any batch that holds a negative item, as a whole, as Postgres refuses a statement. */
  const refusingNegatives = async (items: number[]) => {
    if (items.some((item) => item < 0)) {
      throw Object.assign(new Error(`invalid byte sequence in ${items.join(', ')}`), { code: '22021' });
    }
    return items.map((item) => item * 10);
  };

  it('fails the item at fault alone, by default', async () => {
    const group = new GroupCommit(refusingNegatives, { maxBatch: 10, maxInFlight: 1 });

    const outcomes = await Promise.allSettled([group.add(1), group.add(2), group.add(-3), group.add(4)]);

    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'failed'))).toEqual([
      10,
      20,
      'failed',
      40,
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason.message).toBe('invalid byte sequence in -3');
  });

  it('isolates the fault by halves committed in turn, keeping the items in order', async () => {
    const commits: number[][] = [];
    const group = new GroupCommit(
      (items: number[]) => {
        commits.push(items);
        return refusingNegatives(items);
      },
      { maxBatch: 10, maxInFlight: 1 },
    );

    await Promise.allSettled([group.add(1), group.add(2), group.add(-3), group.add(4)]);

    expect(commits).toEqual([[1], [2, -3, 4], [2, -3], [2], [-3], [4]]);
  });

  it('stops splitting at a systemic failure met on the way, failing what is left untried', async () => {
    const commits: number[][] = [];
    const group = new GroupCommit(
      async (items: number[]) => {
        commits.push(items);
        if (commits.length === 1) return items;
        if (commits.length === 2) throw new Error('one row is bad');
        throw Object.assign(new Error('the database system is shutting down'), { code: '57P03' });
      },
      { maxBatch: 10, maxInFlight: 1 },
    );

    const outcomes = await Promise.allSettled([
      group.add(1),
      group.add(2),
      group.add(3),
      group.add(4),
      group.add(5),
    ]);

    expect(commits).toEqual([[1], [2, 3, 4, 5], [2, 3]]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect((outcomes[4] as PromiseRejectedResult).reason.code).toBe('57P03');
  });

  it('lets its user say which failures are systemic', async () => {
    const commits: number[][] = [];
    const group = new GroupCommit(
      (items: number[]) => {
        commits.push(items);
        return refusingNegatives(items);
      },
      { maxBatch: 10, maxInFlight: 1, isSystemic: () => true },
    );

    const outcomes = await Promise.allSettled([group.add(1), group.add(2), group.add(-3)]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(commits).toEqual([[1], [2, -3]]);
  });
});

describe('BatchGroupCommit isolating a fault', () => {
  it("fails the caller's batch that holds the item at fault, whole, and answers the others", async () => {
    const group = new BatchGroupCommit(
      async (items: number[]) => {
        if (items.some((item) => item < 0)) throw Object.assign(new Error('bad row'), { code: '22P02' });
        return items;
      },
      { maxBatch: 10, maxInFlight: 1 },
    );

    const outcomes = await Promise.allSettled([group.add([1]), group.add([2, -3]), group.add([4, 5])]);

    expect(outcomes).toEqual([
      { status: 'fulfilled', value: [1] },
      { status: 'rejected', reason: expect.objectContaining({ code: '22P02' }) },
      { status: 'fulfilled', value: [4, 5] },
    ]);
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
