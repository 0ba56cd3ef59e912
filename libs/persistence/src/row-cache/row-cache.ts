import { Counter } from 'prom-client';

const rowCacheReads = new Counter({
  name: 'row_cache_reads_total',
  help: 'Reads through a RowCache: hit, miss, or bypass while changes cannot be heard',
  labelNames: ['table', 'outcome'] as const,
});

export interface RowCacheOptions {
  maxEntries: number;
  /** A safety net only: changes evict entries as soon as they commit. */
  ttlMs: number;
}

interface Entry<Row> {
  row: Readonly<Row>;
  expiresAt: number;
}

/**
 * Rows of one table kept in memory between reads, evicted by the table's change notifications (see
 * RowChanges). It serves nothing while those cannot be heard, and a load that overlapped an
 * eviction of its key is not kept, so a cached row is never older than the last change this replica
 * heard of. Rows are frozen: a reader must not change what the next reader gets.
 */
export class RowCache<Row extends object> {
  private readonly entries = new Map<string, Entry<Row>>();
  /** The latest load of each key; an eviction removes it, so that a load it overlapped is dropped. */
  private readonly loads = new Map<string, object>();
  private live = false;

  constructor(
    readonly table: string,
    private readonly options: RowCacheOptions,
    private readonly now: () => number = Date.now,
  ) {}

  async read(key: string, load: () => Promise<Row>): Promise<Readonly<Row>> {
    if (!this.live) {
      rowCacheReads.inc({ table: this.table, outcome: 'bypass' });
      return load();
    }
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) {
      rowCacheReads.inc({ table: this.table, outcome: 'hit' });
      return entry.row;
    }
    rowCacheReads.inc({ table: this.table, outcome: 'miss' });
    const token = {};
    this.loads.set(key, token);
    try {
      const row = Object.freeze(await load());
      if (this.loads.get(key) === token) this.store(key, row);
      return row;
    } finally {
      if (this.loads.get(key) === token) this.loads.delete(key);
    }
  }

  /** Evicts a changed row; called for every change heard of, and by a writer once it committed. */
  evict(key: string): void {
    this.entries.delete(key);
    this.loads.delete(key);
  }

  /** Serves from memory only while changes can be heard; either way, starts empty. */
  setLive(live: boolean): void {
    this.live = live;
    this.entries.clear();
    this.loads.clear();
  }

  private store(key: string, row: Readonly<Row>): void {
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { row, expiresAt: this.now() + this.options.ttlMs });
  }
}
