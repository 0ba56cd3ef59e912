import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { Quote } from '@quoting/quotes/quote.entity';
import { QuoteLifecycleWorker } from '@quoting/quotes/quote-lifecycle.worker';
import { QuoteStore } from '@quoting/quotes/quote.store';
import { QuotesService } from '@quoting/quotes/quotes.service';

const POISON = '00000000-0000-4000-8000-000000000001';
const GOOD = '00000000-0000-4000-8000-000000000002';
const dataException = Object.assign(new Error('numeric field overflow'), { code: '22003' });
const databaseDown = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

const parkedCount = async (reason: string) =>
  (await register.getSingleMetric('background_items_parked_total')!.get()).values.find(
    (value) => value.labels.worker === 'quote-lifecycle' && value.labels.reason === reason,
  )?.value ?? 0;

describe('QuoteLifecycleWorker', () => {
  const store = {
    expire: jest.fn(),
    expiredPendingIds: jest.fn(),
    unconfirmedExecutions: jest.fn(),
  };
  const quotes = { recover: jest.fn() };
  const dataSource = { query: jest.fn() };
  const worker = new QuoteLifecycleWorker(
    store as unknown as QuoteStore,
    quotes as unknown as QuotesService,
    dataSource as unknown as DataSource,
  );
  const sweep = () => (worker as unknown as { sweep(): Promise<boolean> }).sweep();

  beforeEach(() => {
    jest.resetAllMocks();
    store.expire.mockResolvedValue([]);
    store.unconfirmedExecutions.mockResolvedValue([]);
    dataSource.query.mockResolvedValue([]);
  });

  it('recovers the other executions when one fails, and counts the failure on the failing quote', async () => {
    store.unconfirmedExecutions.mockResolvedValue([{ id: POISON }, { id: GOOD }] as Quote[]);
    quotes.recover.mockImplementation(async (quote: Quote) => {
      if (quote.id === POISON) throw new TypeError('cannot read the quote');
    });
    // The failure statement answers the quotes it parked: this was the poison's last allowed failure.
    dataSource.query.mockResolvedValue([{ key: POISON }]);
    const before = await parkedCount('TypeError');

    await sweep();

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
    const before = await parkedCount('22003');

    await sweep();

    expect(store.expire).toHaveBeenCalledWith(GOOD);
    expect(dataSource.query).toHaveBeenCalledWith(expect.stringContaining('parked_at = now()'), [
      [POISON],
      ['22003: numeric field overflow'],
    ]);
    expect(await parkedCount('22003')).toBe(before + 1);
  });

  it('fails the whole sweep on a systemic fault, charging no quote', async () => {
    store.expire.mockRejectedValue(databaseDown);

    await expect(sweep()).rejects.toBe(databaseDown);
    expect(store.expiredPendingIds).not.toHaveBeenCalled();
    expect(dataSource.query).not.toHaveBeenCalled();
  });

  it('fails the whole sweep when transfers cannot be reached for any quote', async () => {
    store.unconfirmedExecutions.mockResolvedValue([{ id: POISON }, { id: GOOD }] as Quote[]);
    quotes.recover.mockRejectedValue(databaseDown);

    await expect(sweep()).rejects.toBe(databaseDown);
    expect(dataSource.query).not.toHaveBeenCalled();
  });
});
