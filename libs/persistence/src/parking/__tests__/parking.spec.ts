import { Logger } from '@nestjs/common';
import { register } from 'prom-client';
import { failureCode, failureText } from '../failure-text';
import { Parking } from '../parking';

const TABLE = { table: 'widgets', key: 'id', keyType: 'uuid' } as const;

async function parkedCount(worker: string, reason: string): Promise<number | undefined> {
  const metric = await register.getSingleMetric('background_items_parked_total')!.get();
  return metric.values.find((value) => value.labels.worker === worker && value.labels.reason === reason)
    ?.value;
}

describe('Parking', () => {
  const logger = { error: jest.fn(), warn: jest.fn() };
  const parking = new Parking(logger as unknown as Logger, 'widget-worker', TABLE, 3);
  const error = Object.assign(new Error('value too long'), { code: '22001' });

  beforeEach(() => jest.clearAllMocks());

  it('counts failures on the rows, and logs and counts only those it parked', async () => {
    // The statement answers the keys of the rows that reached maxFailures.
    const db = { query: jest.fn().mockResolvedValue([{ key: 'widget-2' }]) };

    await parking.recordFailures(db, [
      { key: 'widget-1', ids: { widgetId: 'widget-1' }, error },
      { key: 'widget-2', ids: { widgetId: 'widget-2' }, error },
    ]);

    expect(db.query).toHaveBeenCalledWith(expect.stringContaining('UPDATE widgets'), [
      ['widget-1', 'widget-2'],
      ['22001: value too long', '22001: value too long'],
      3,
    ]);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ widgetId: 'widget-2', err: error }),
      expect.any(String),
    );
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ widgetId: 'widget-1' }),
      expect.any(String),
    );
    expect(await parkedCount('widget-worker', '22001')).toBe(1);
  });

  it('parks at once when told to', async () => {
    const db = { query: jest.fn().mockResolvedValue([]) };
    await parking.park(db, [{ key: 'widget-3', ids: { widgetId: 'widget-3' }, error: new TypeError('no') }]);
    expect(db.query).toHaveBeenCalledWith(expect.stringContaining('parked_at = now()'), [
      ['widget-3'],
      ['TypeError: no'],
    ]);
    expect(await parkedCount('widget-worker', 'TypeError')).toBe(1);
  });

  it('parks an item once it has failed maxFailures times', () => {
    expect([parking.isExhausted(2), parking.isExhausted(3)]).toEqual([false, true]);
  });
});

describe('failure naming', () => {
  it('names a failure by its SQLSTATE or API code, else by its class', () => {
    expect(failureCode(Object.assign(new Error('x'), { code: '23505' }))).toBe('23505');
    expect(failureCode(new TypeError('x'))).toBe('TypeError');
  });

  it('records a reason that Postgres can store: no NUL, no lone surrogate', () => {
    expect(failureText(new Error('bad \0 value \ud800x \ud83d\ude00'))).toBe(
      'Error: bad \uFFFD value \uFFFDx \ud83d\ude00',
    );
  });
});
