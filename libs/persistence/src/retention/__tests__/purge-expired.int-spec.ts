import { MigratedDatabase } from '@payments/testing';
import { register } from 'prom-client';
import { purgeExpired, RetentionPolicy } from '../purge-expired';
import { RETENTION_SCHEMA, SETTLED_RECEIPTS } from './retention-schema';

jest.setTimeout(30_000);

describe('purgeExpired', () => {
  let database: MigratedDatabase;

  beforeEach(async () => {
    database = await MigratedDatabase.create(RETENTION_SCHEMA);
  });

  afterEach(async () => {
    await database?.drop();
  });

  /** Receipts with ids from `firstId`, issued `hoursAgo` hours ago. */
  const addReceipts = (firstId: number, count: number, status: string, hoursAgo: number) =>
    database.dataSource.query(
      `INSERT INTO receipts (id, status, issued_at)
       SELECT id, $3, now() - make_interval(hours => $4) FROM generate_series($1::int, $1::int + $2 - 1) AS id`,
      [firstId, count, status, hoursAgo],
    );

  const receiptIds = async () =>
    (await database.dataSource.query('SELECT id FROM receipts ORDER BY id')).map(
      (row: { id: number }) => row.id,
    );

  const purgedFrom = async (table: string) => {
    const metric = await register.getSingleMetric('retention_rows_purged_total')!.get();
    return metric.values.find((value) => value.labels.table === table)?.value ?? 0;
  };

  it('deletes only the rows past their retention that meet the condition, and counts them by table', async () => {
    await addReceipts(1, 3, 'SETTLED', 25);
    await addReceipts(4, 2, 'OPEN', 48);
    await addReceipts(6, 2, 'SETTLED', 23);
    const countedBefore = await purgedFrom('receipts');

    await expect(
      purgeExpired(database.dataSource, SETTLED_RECEIPTS, { batchRows: 10, batchesPerCall: 5 }),
    ).resolves.toBe(false);

    expect(await receiptIds()).toEqual([4, 5, 6, 7]);
    expect((await purgedFrom('receipts')) - countedBefore).toBe(3);
  });

  it('deletes at most its batches per call, and says more is due while its last batch was full', async () => {
    await addReceipts(1, 25, 'SETTLED', 30);
    const bounds = { batchRows: 10, batchesPerCall: 2 };

    await expect(purgeExpired(database.dataSource, SETTLED_RECEIPTS, bounds)).resolves.toBe(true);
    expect(await receiptIds()).toHaveLength(5);

    await expect(purgeExpired(database.dataSource, SETTLED_RECEIPTS, bounds)).resolves.toBe(false);
    expect(await receiptIds()).toEqual([]);
  });

  it('commits each batch on its own, so the batches before a failure stay deleted', async () => {
    await addReceipts(1, 4, 'SETTLED', 30);
    let statements = 0;
    const failingSecondBatch = {
      query: (sql: string, parameters?: unknown[]) =>
        ++statements === 2
          ? Promise.reject(new Error('connection lost'))
          : database.dataSource.query(sql, parameters),
    };

    await expect(
      purgeExpired(failingSecondBatch, SETTLED_RECEIPTS, { batchRows: 2, batchesPerCall: 2 }),
    ).rejects.toThrow('connection lost');

    expect(await receiptIds()).toHaveLength(2);
  });

  it('passes over rows another transaction holds instead of waiting for it', async () => {
    await addReceipts(1, 3, 'SETTLED', 30);
    const holder = database.dataSource.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query('SELECT id FROM receipts WHERE id = 2 FOR UPDATE');

      await expect(
        purgeExpired(database.dataSource, SETTLED_RECEIPTS, { batchRows: 10, batchesPerCall: 1 }),
      ).resolves.toBe(false);
      expect(await receiptIds()).toEqual([2]);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
  });

  it('finds the inbox rows due through their age index and deletes them by ctid, reading no more of the table', async () => {
    // Ten days kept and rows of up to ten and a half days: a small part is due, as once purging keeps up.
    await database.dataSource.query(
      `INSERT INTO inbox (consumer, event_id, processed_at)
       SELECT 'ledger', gen_random_uuid(), now() - make_interval(hours => n % 252) FROM generate_series(1, 20000) AS n`,
    );
    await database.dataSource.query('ANALYZE inbox');
    const inbox: RetentionPolicy = { table: 'inbox', agedFrom: 'processed_at', retentionHours: 240 };
    const statements: { sql: string; parameters?: unknown[] }[] = [];
    const recording = {
      query: (sql: string, parameters?: unknown[]) => {
        statements.push({ sql, parameters });
        return database.dataSource.query(sql, parameters);
      },
    };

    await expect(purgeExpired(recording, inbox, { batchRows: 1_000, batchesPerCall: 1 })).resolves.toBe(
      false,
    );

    // Without parameters the statement is never prepared, so never planned without its cut-off.
    const [{ sql, parameters }] = statements;
    expect(parameters).toBeUndefined();
    const plan = (await database.dataSource.query(`EXPLAIN ${sql}`))
      .map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index Scan (using|on) inbox_processed_at/);
    expect(plan).toContain('Tid Scan on inbox');
    expect(plan).not.toContain('Seq Scan');
    const [{ left }] = await database.dataSource.query(
      `SELECT count(*)::int AS left FROM inbox WHERE processed_at < now() - interval '240 hours'`,
    );
    expect(left).toBe(0);
  });

  it('refuses a retention that is not a whole number of hours, as it is written into the statement', async () => {
    await expect(
      purgeExpired(
        database.dataSource,
        { ...SETTLED_RECEIPTS, retentionHours: 1.5 },
        { batchRows: 10, batchesPerCall: 1 },
      ),
    ).rejects.toThrow('whole numbers');
  });
});
