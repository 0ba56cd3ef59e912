import { runIsolatingFailures } from './isolate-failures';
import { isSystemicFault } from './systemic-fault';

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  maxBatch: number;
  maxInFlight: number;
  /**
   * Whether a failure is the database's or the peer's as a whole, which fails every item of the
   * batch at once; by default `isSystemicFault`. Any other failure of several items is taken as the
   * fault of one of them (a row Postgres cannot store, a request the peer refuses as a whole for one
   * item): the batch is committed again in halves until the item at fault is alone, so that only it
   * fails and the other callers, whatever platform they serve, are answered as if it were not there.
   */
  isSystemic?: (error: unknown) => boolean;
}

/**
 * Group commit: callers add one item each and wait for its result. An item is committed at once
 * while fewer than `maxInFlight` commits run; otherwise it waits and goes with the others that
 * arrived meanwhile in one commit. So a light load sees no added latency, and a heavy one is served
 * by a few statements for many items. A batch failed by one of its items fails that item alone; a
 * systemic failure fails the batch at once, without a retry.
 */
export class GroupCommit<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private inFlight = 0;
  private readonly isSystemic: (error: unknown) => boolean;

  constructor(
    /** Commits a batch and returns one result per item, in order. */
    private readonly commit: (items: T[]) => Promise<R[]>,
    private readonly options: GroupCommitOptions,
  ) {
    this.isSystemic = options.isSystemic ?? isSystemicFault;
  }

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
    const { outcomes } = await runIsolatingFailures(
      batch.map((waiting) => waiting.item),
      this.commit,
      this.isSystemic,
    );
    outcomes.forEach((outcome, index) =>
      'error' in outcome ? batch[index].reject(outcome.error) : batch[index].resolve(outcome.result),
    );
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
