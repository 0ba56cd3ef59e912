import { RowCache } from '../row-cache';

interface Row {
  name: string;
}

/** A load the test finishes when it chooses, counting how often the cache asked for the row. */
function controlledLoad() {
  let finish!: (row: Row) => void;
  const load = jest.fn(() => new Promise<Row>((resolve) => (finish = resolve)));
  return { load, finish: (row: Row) => finish(row) };
}

describe('RowCache', () => {
  let now: number;
  let cache: RowCache<Row>;

  beforeEach(() => {
    now = 1_000;
    cache = new RowCache<Row>('things', { maxEntries: 2, ttlMs: 500 }, () => now);
    cache.setLive(true);
  });

  const loadOf = (name: string) => jest.fn(async () => ({ name }));

  it('loads a row once and serves it from memory after', async () => {
    const load = loadOf('ada');

    await cache.read('a', load);
    const row = await cache.read('a', load);

    expect(row).toEqual({ name: 'ada' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again once a change evicted the row', async () => {
    await cache.read('a', loadOf('ada'));

    cache.evict('a');
    const row = await cache.read('a', loadOf('grace'));

    expect(row).toEqual({ name: 'grace' });
  });

  it('does not keep a load that an eviction overlapped, which may hold the row from before the change', async () => {
    const stale = controlledLoad();
    const reading = cache.read('a', stale.load);

    cache.evict('a');
    stale.finish({ name: 'before the change' });
    await reading;
    const row = await cache.read('a', loadOf('after the change'));

    expect(row).toEqual({ name: 'after the change' });
  });

  it('reads through to the database while changes cannot be heard', async () => {
    cache.setLive(false);
    const load = loadOf('ada');

    await cache.read('a', load);
    await cache.read('a', load);

    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts empty when changes can be heard again', async () => {
    await cache.read('a', loadOf('ada'));
    cache.setLive(false);
    cache.setLive(true);

    expect(await cache.read('a', loadOf('grace'))).toEqual({ name: 'grace' });
  });

  it('does not remember a failed load', async () => {
    await expect(cache.read('a', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');

    expect(await cache.read('a', loadOf('ada'))).toEqual({ name: 'ada' });
  });

  it('keeps at most maxEntries rows, dropping the least recently loaded', async () => {
    await cache.read('a', loadOf('ada'));
    await cache.read('b', loadOf('bob'));
    await cache.read('c', loadOf('cy'));
    const load = loadOf('ada again');

    await cache.read('a', load);
    await cache.read('c', load);

    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after the time to live, whatever it heard', async () => {
    await cache.read('a', loadOf('ada'));

    now += 501;

    expect(await cache.read('a', loadOf('grace'))).toEqual({ name: 'grace' });
  });

  it('hands out frozen rows, so that no reader changes what the next one gets', async () => {
    const row = await cache.read('a', loadOf('ada'));

    expect(Object.isFrozen(row)).toBe(true);
  });
});
