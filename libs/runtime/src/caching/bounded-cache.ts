export interface BoundedCacheOptions {
  /**
   * For values that change rarely (a platform's webhook signing keys): an entry is loaded again once
   * it is this old, so a change made elsewhere is seen within it. Without it, entries never expire.
   */
  ttlMs?: number;
}

interface Entry<Value> {
  value: Promise<Value>;
  expiresAt: number;
}

/**
 * A map of values that never change once loaded (an account's owner and currency, say), or that may
 * be served up to `ttlMs` old, bounded in memory: when full, the oldest entry makes room. Concurrent
 * loads of one key share one call.
 */
export class BoundedCache<Value> {
  private readonly entries = new Map<string, Entry<Value>>();

  constructor(
    private readonly maxEntries: number,
    private readonly options: BoundedCacheOptions = {},
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<Value>): Promise<Value> {
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.value;
    if (cached) this.entries.delete(key);
    const loading = load();
    // A failed load is not remembered, so the next call tries again.
    loading.catch(() => {
      if (this.entries.get(key)?.value === loading) this.entries.delete(key);
    });
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value: loading, expiresAt: this.now() + (this.options.ttlMs ?? Infinity) });
    return loading;
  }

  /** Forgets a key this replica just changed, so its next read loads the change. */
  evict(key: string): void {
    this.entries.delete(key);
  }
}
