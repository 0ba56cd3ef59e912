/**
 * A map of values that never change once loaded (an account's owner and currency, say), bounded in
 * memory: when full, the oldest entry makes room. Concurrent loads of one key share one call.
 */
export class BoundedCache<Value> {
  private readonly entries = new Map<string, Promise<Value>>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, load: () => Promise<Value>): Promise<Value> {
    const cached = this.entries.get(key);
    if (cached) return cached;
    const loading = load();
    // A failed load is not remembered, so the next call tries again.
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, loading);
    return loading;
  }
}
