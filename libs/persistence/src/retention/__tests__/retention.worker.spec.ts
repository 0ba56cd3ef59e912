import { DataSource } from 'typeorm';
import { RetentionWorker } from '../retention.worker';

describe('RetentionWorker', () => {
  it('purges every table even when one fails, then raises that failure naming the table', async () => {
    const purged: string[] = [];
    const dataSource = {
      query: jest.fn(async (sql: string) => {
        const table = /DELETE FROM (\w+)/.exec(sql)![1];
        if (table === 'broken') throw new Error('lock timeout');
        purged.push(table);
        return [{ deleted: 0 }];
      }),
    } as unknown as DataSource;
    const policy = (table: string) => ({ table, agedFrom: 'created_at', retentionHours: 24 });
    const worker = new RetentionWorker(dataSource, [policy('inbox'), policy('broken'), policy('deliveries')]);

    await expect(worker.purgeAll()).rejects.toThrow('purging broken: lock timeout');
    expect(purged).toEqual(['inbox', 'deliveries']);
  });
});
