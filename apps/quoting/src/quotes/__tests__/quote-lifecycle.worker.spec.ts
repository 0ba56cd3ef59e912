import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { Quote } from '@quoting/quotes/quote.entity';
import { QuoteLifecycleWorker } from '@quoting/quotes/quote-lifecycle.worker';
import { QuoteStore } from '@quoting/quotes/quote.store';
import { QuotesService } from '@quoting/quotes/quotes.service';

const SWEEP_MS = 1_000;
const POISON = '00000000-0000-4000-8000-000000000001';
const GOOD = '00000000-0000-4000-8000-000000000002';
const dataException = Object.assign(new Error('numeric field overflow'), { code: '22003' });
const databaseDown = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

const metricValue = async (metric: string, labels: Record<string, string>) =>
  (await register.getSingleMetric(metric)!.get()).values.find((value) =>
    Object.entries(labels).every(([label, wanted]) => value.labels[label] === wanted),
  )?.value ?? 0;
const parkedCount = (reason: string) =>
  metricValue('background_items_parked_total', { worker: 'quote-lifecycle', reason });
const expiredCount = () => metricValue('quoting_quote_transitions_total', { status: 'EXPIRED' });
const failedSweeps = () =>
  metricValue('background_loop_ticks_total', { loop: 'quote-lifecycle', result: 'failed' });

describe('QuoteLifecycleWorker', () => {
  const store = {
    expire: jest.fn(),
    expiredPendingIds: jest.fn(),
    unconfirmedExecutions: jest.fn(),
  };
  const quotes = { recover: jest.fn() };
  const dataSource = { query: jest.fn() };
  let worker: QuoteLifecycleWorker;

  /** Runs the sweep the worker makes as the app starts, and stops it. */
  const sweepOnce = async () => {
    worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(0);
    await worker.beforeApplicationShutdown();
  };

  beforeEach(() => {
    jest.useFakeTimers();
    jest.resetAllMocks();
    store.expire.mockResolvedValue([]);
    store.unconfirmedExecutions.mockResolvedValue([]);
    dataSource.query.mockResolvedValue([]);
    worker = new QuoteLifecycleWorker(
      store as unknown as QuoteStore,
      quotes as unknown as QuotesService,
      dataSource as unknown as DataSource,
    );
  });

  afterEach(async () => {
    await worker.beforeApplicationShutdown();
    jest.useRealTimers();
  });

  it('expires every due quote in one statement, counting each EXPIRED', async () => {
    store.expire.mockResolvedValue([{ id: POISON }, { id: GOOD }]);
    const before = await expiredCount();

    await sweepOnce();

    expect(store.expire).toHaveBeenCalledWith();
    expect(await expiredCount()).toBe(before + 2);
  });

  it('asks transfers again for the executions it has not confirmed after 30 s', async () => {
    store.unconfirmedExecutions.mockResolvedValue([{ id: GOOD }] as Quote[]);

    await sweepOnce();

    expect(store.unconfirmedExecutions).toHaveBeenCalledWith(30, 50);
    expect(quotes.recover).toHaveBeenCalledWith({ id: GOOD });
  });

  it('sweeps every second, and a second after a failed sweep', async () => {
    store.expire.mockRejectedValueOnce(databaseDown);

    worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(SWEEP_MS - 1);
    expect(store.expire).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(store.expire).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(SWEEP_MS);
    expect(store.expire).toHaveBeenCalledTimes(3);
  });

  it('recovers the other executions when one fails, and counts the failure on the failing quote', async () => {
    store.unconfirmedExecutions.mockResolvedValue([{ id: POISON }, { id: GOOD }] as Quote[]);
    quotes.recover.mockImplementation(async (quote: Quote) => {
      if (quote.id === POISON) throw new TypeError('cannot read the quote');
    });
    // The failure statement answers the quotes it parked: this was the poison's last allowed failure.
    dataSource.query.mockResolvedValue([{ key: POISON }]);
    const before = await parkedCount('TypeError');

    await sweepOnce();

    expect(quotes.recover).toHaveBeenCalledWith({ id: GOOD });
    expect(dataSource.query).toHaveBeenCalledWith(expect.stringContaining('failed_attempts + 1'), [
      [POISON],
      ['TypeError: cannot read the quote'],
      5,
    ]);
    expect(await parkedCount('TypeError')).toBe(before + 1);
  });

  it('expires due quotes one by one when the statement for all fails, parking the one that fails alone', async () => {
    store.expire.mockImplementation(async (id?: string) => {
      if (id === undefined || id === POISON) throw dataException;
      return [{ id }];
    });
    store.expiredPendingIds.mockResolvedValue([POISON, GOOD]);
    const [parkedBefore, expiredBefore] = [await parkedCount('22003'), await expiredCount()];

    await sweepOnce();

    expect(store.expiredPendingIds).toHaveBeenCalledWith(200);
    expect(store.expire).toHaveBeenCalledWith(GOOD);
    expect(dataSource.query).toHaveBeenCalledWith(expect.stringContaining('parked_at = now()'), [
      [POISON],
      ['22003: numeric field overflow'],
    ]);
    expect(await parkedCount('22003')).toBe(parkedBefore + 1);
    expect(await expiredCount()).toBe(expiredBefore + 1);
  });

  it('fails the whole sweep on a systemic fault, charging no quote', async () => {
    store.expire.mockRejectedValue(databaseDown);
    const before = await failedSweeps();

    await sweepOnce();

    expect(await failedSweeps()).toBe(before + 1);
    expect(store.expiredPendingIds).not.toHaveBeenCalled();
    expect(dataSource.query).not.toHaveBeenCalled();
  });

  it('fails the whole sweep when transfers cannot be reached for any quote', async () => {
    store.unconfirmedExecutions.mockResolvedValue([{ id: POISON }, { id: GOOD }] as Quote[]);
    quotes.recover.mockRejectedValue(databaseDown);
    const before = await failedSweeps();

    await sweepOnce();

    expect(await failedSweeps()).toBe(before + 1);
    expect(dataSource.query).not.toHaveBeenCalled();
  });
});
