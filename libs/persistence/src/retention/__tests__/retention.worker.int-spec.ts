import { MigratedDatabase } from '@payments/testing';
import { RetentionWorker } from '../retention.worker';
import { RETENTION_SCHEMA, SETTLED_RECEIPTS } from './retention-schema';

jest.setTimeout(30_000);

describe('RetentionWorker (PostgreSQL)', () => {
  let database: MigratedDatabase;

  beforeAll(async () => {
    database = await MigratedDatabase.create(RETENTION_SCHEMA);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('purges every table even when one fails, then raises that failure naming the table', async () => {
    await database.dataSource.query(
      `INSERT INTO receipts (id, status, issued_at) VALUES (1, 'SETTLED', now() - interval '2 days'), (2, 'OPEN', now() - interval '2 days')`,
    );
    const broken = { table: 'receipts_archive', agedFrom: 'issued_at', retentionHours: 24 };
    const worker = new RetentionWorker(database.dataSource, [broken, SETTLED_RECEIPTS]);

    await expect(worker.purgeAll()).rejects.toThrow(/purging receipts_archive: .*receipts_archive/);
    expect(await database.dataSource.query('SELECT id FROM receipts')).toEqual([{ id: 2 }]);
  });
});
