import { Logger } from '@nestjs/common';
import { TopicContract } from '@payments/contracts';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { OutboxLagMetric } from '../outbox-lag.metric';

const NAME = 'outbox_oldest_unpublished_age_seconds';

async function scrapedValue(): Promise<number | undefined> {
  const metric = register.getSingleMetric(NAME);
  return metric ? (await metric.get()).values[0]?.value : undefined;
}

describe('OutboxLagMetric', () => {
  const query = jest.fn();
  const dataSource = { query } as unknown as DataSource;
  let metric: OutboxLagMetric | undefined;

  function start(produces: TopicContract[]): void {
    metric = new OutboxLagMetric({ produces, consumes: [] }, dataSource);
    metric.onModuleInit();
  }

  afterEach(() => {
    metric?.onModuleDestroy();
    metric = undefined;
    query.mockReset();
  });

  it('exports the age of the oldest outbox row', async () => {
    query.mockResolvedValue([{ age: 42.5 }]);
    start([{} as TopicContract]);
    expect(await scrapedValue()).toBe(42.5);
  });

  it('exports the oldest wait of the outboxes of replicas run side by side in one process', async () => {
    query.mockResolvedValueOnce([{ age: 3 }]).mockResolvedValueOnce([{ age: 9 }]);
    start([{} as TopicContract]);
    const replica = new OutboxLagMetric({ produces: [{} as TopicContract], consumes: [] }, dataSource);
    replica.onModuleInit();
    expect(await scrapedValue()).toBe(9);
    replica.onModuleDestroy();
  });

  it('exports 0 when nothing waits', async () => {
    query.mockResolvedValue([]);
    start([{} as TopicContract]);
    expect(await scrapedValue()).toBe(0);
  });

  it('keeps the last value when the database cannot answer, without failing the scrape', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    query.mockResolvedValueOnce([{ age: 7 }]).mockRejectedValueOnce(new Error('connection lost'));
    start([{} as TopicContract]);
    expect(await scrapedValue()).toBe(7);
    expect(await scrapedValue()).toBe(7);
    expect(warn).toHaveBeenCalledWith(expect.anything(), 'could not read the age of the outbox');
    warn.mockRestore();
  });

  it('reads nothing in an app that produces no events', async () => {
    start([]);
    await scrapedValue();
    expect(query).not.toHaveBeenCalled();
  });
});
