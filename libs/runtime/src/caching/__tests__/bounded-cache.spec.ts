import { BoundedCache } from '../bounded-cache';

describe('BoundedCache', () => {
  it('shares one load per key, and makes room by dropping the oldest entry', async () => {
    const cache = new BoundedCache<number>(2);
    const load = jest.fn(async () => 1);
    await Promise.all([cache.get('a', load), cache.get('a', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(await cache.get('a', async () => 4)).toBe(4);
  });

  it('loads an entry again once it is ttlMs old, or once evicted', async () => {
    let now = 0;
    const cache = new BoundedCache<number>(10, { ttlMs: 1_000 }, () => now);
    expect(await cache.get('key', async () => 1)).toBe(1);
    now = 999;
    expect(await cache.get('key', async () => 2)).toBe(1);
    now = 1_000;
    expect(await cache.get('key', async () => 3)).toBe(3);
    cache.evict('key');
    expect(await cache.get('key', async () => 4)).toBe(4);
  });

  it('does not remember a failed load', async () => {
    const cache = new BoundedCache<number>(10);
    await expect(cache.get('key', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('key', async () => 5)).toBe(5);
  });
});
