interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  maxBatch: number;
  maxInFlight: number;
  /**
   * Whether a failed commit of several items was the fault of one of them (a request the other side
   * refused as a whole for one item it cannot read). The batch is then committed again in halves
   * until the item at fault is alone, so that only it fails; any other failure fails the whole batch.
   */
  isolatesFault?: (error: unknown) => boolean;
}

/**
 * Group commit: callers add one item each and wait for its result. An item is committed at once
 * while fewer than `maxInFlight` commits run; otherwise it waits and goes with the others that
 * arrived meanwhile in one commit. So a light load sees no added latency, and a heavy one is served
 * by a few statements for many items. A failed commit fails every item of its batch, unless
 * `isolatesFault` says to split it until the item at fault is alone.
 */
export class GroupCommit<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private inFlight = 0;

  constructor(
    /** Commits a batch and returns one result per item, in order. */
    private readonly commit: (items: T[]) => Promise<R[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.inFlight >= this.options.maxInFlight || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.options.maxBatch);
    this.inFlight++;
    void this.commitBatch(batch).finally(() => {
      this.inFlight--;
      this.next();
    });
  }

  /**
   * A batch failed by one of its items is committed again in halves, one after the other and down
   * to the item at fault, within the batch's own commit slot: the items keep their order and the
   * commits in flight stay within maxInFlight.
   */
  private async commitBatch(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.commit(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => waiting.resolve(results[index]));
    } catch (error) {
      if (batch.length > 1 && this.options.isolatesFault?.(error)) {
        const middle = Math.ceil(batch.length / 2);
        await this.commitBatch(batch.slice(0, middle));
        await this.commitBatch(batch.slice(middle));
      } else {
        batch.forEach((waiting) => waiting.reject(error));
      }
    }
  }
}

/**
 * A GroupCommit per key, for items that may only be committed with others of their key (the
 * postings of one platform and environment, say). Each key's group is kept for the life of the app,
 * so keys must be few.
 */
export class KeyedGroupCommit<T, R> {
  private readonly groups = new Map<string, GroupCommit<T, R>>();

  constructor(
    /** Commits a batch of items of one key and returns one result per item, in order. */
    private readonly commit: (items: T[]) => Promise<R[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  add(key: string, item: T): Promise<R> {
    let group = this.groups.get(key);
    if (!group) {
      group = new GroupCommit(this.commit, this.options);
      this.groups.set(key, group);
    }
    return group.add(item);
  }
}

/**
 * A GroupCommit for callers that each bring a batch that must stay whole (a Kafka partition's events,
 * whose order one statement keeps): the batches that wait go together in one commit, never split.
 * `maxBatch` counts the callers' batches, not their items.
 */
export class BatchGroupCommit<T, R> {
  private readonly group: GroupCommit<T[], R[]>;

  constructor(
    /** Commits the items of several batches and returns one result per item, in order. */
    commit: (items: T[]) => Promise<R[]>,
    options: GroupCommitOptions,
  ) {
    this.group = new GroupCommit(async (batches) => {
      const results = await commit(batches.flat());
      let start = 0;
      return batches.map((batch) => results.slice(start, (start += batch.length)));
    }, options);
  }

  /** Commits the batch, with others that wait, and answers its items' results in order. */
  add(items: T[]): Promise<R[]> {
    return this.group.add(items);
  }
}
