import { ConfigService } from '@nestjs/config';
import { CommonEnvironment } from '@payments/runtime';
import { eventually, MigratedDatabase } from '@payments/testing';
import { DataSource } from 'typeorm';
import { announceRowChanges } from '../row-cache/row-change-trigger';
import { RowCache } from '../row-cache/row-cache';
import { RowChanges } from '../row-cache/row-changes';
import { BILLING_SCHEMA } from './billing-schema';

jest.setTimeout(30_000);

interface Invoice {
  id: string;
  amount_cents: number;
}

describe('RowChanges', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let rowChanges: RowChanges;
  let invoices: RowCache<Invoice>;
  /** Remembers absent rows too, so its table announces inserts. */
  let creditNotes: RowCache<{ amountCents: number | null }>;

  beforeEach(async () => {
    database = await MigratedDatabase.create(BILLING_SCHEMA);
    dataSource = database.dataSource;
    await dataSource.query(`CREATE TABLE invoices (id text PRIMARY KEY, amount_cents bigint NOT NULL)`);
    await dataSource.query(`INSERT INTO invoices VALUES ('inv-1', 100), ('inv-2', 200)`);
    await announceRowChanges(dataSource.createQueryRunner(), { invoices: ['id'] });
    await dataSource.query(`CREATE TABLE credit_notes (id text PRIMARY KEY, amount_cents bigint NOT NULL)`);
    await announceRowChanges(dataSource.createQueryRunner(), { credit_notes: ['id'] }, { inserts: true });
    const config = { get: () => database.url } as unknown as ConfigService<CommonEnvironment, true>;
    rowChanges = new RowChanges('billing', config);
    invoices = rowChanges.cacheOf<Invoice>('invoices', { maxEntries: 100, ttlMs: 60_000 });
    creditNotes = rowChanges.cacheOf('credit_notes', { maxEntries: 100, ttlMs: 60_000 });
    rowChanges.onApplicationBootstrap();
    await servedFromMemory('inv-1');
  });

  afterEach(async () => {
    await rowChanges?.onApplicationShutdown();
    await database?.drop();
  });

  const amountOf = async (id: string) =>
    (
      await invoices.read(id, async () => {
        const [row] = await dataSource.query(`SELECT id, amount_cents::int FROM invoices WHERE id = $1`, [
          id,
        ]);
        return row;
      })
    ).amount_cents;

  /** Resolves once a second read of `id` no longer goes to the database: the listener is up. */
  const servedFromMemory = (id: string) =>
    eventually(async () => {
      const load = jest.fn(async () => ({ id, amount_cents: 0 }));
      await invoices.read(id, load);
      await invoices.read(id, load);
      return load.mock.calls.length === 1 ? true : undefined;
    });

  it('evicts a row as soon as a change to it commits, however it was made', async () => {
    invoices.evict('inv-1');
    expect(await amountOf('inv-1')).toBe(100);

    await database.query(`UPDATE billing.invoices SET amount_cents = 150 WHERE id = 'inv-1'`);

    await eventually(async () => ((await amountOf('inv-1')) === 150 ? true : undefined));
  });

  it('evicts a deleted row', async () => {
    invoices.evict('inv-2');
    expect(await amountOf('inv-2')).toBe(200);

    await database.query(`DELETE FROM billing.invoices WHERE id = 'inv-2'`);

    await eventually(async () => {
      await expect(amountOf('inv-2')).rejects.toThrow();
      return true;
    });
  });

  it('announces the change of a row whose json holds an escape jsonb refuses, and lets it be deleted', async () => {
    await dataSource.query(`ALTER TABLE invoices ADD COLUMN notes json`);
    await dataSource.query(`UPDATE invoices SET notes = '{"line1": "\\ud800x \\u0000"}' WHERE id = 'inv-1'`);
    invoices.evict('inv-1');
    expect(await amountOf('inv-1')).toBe(100);

    await database.query(`UPDATE billing.invoices SET amount_cents = 125 WHERE id = 'inv-1'`);
    await eventually(async () => ((await amountOf('inv-1')) === 125 ? true : undefined));

    await database.query(`DELETE FROM billing.invoices WHERE id = 'inv-1'`);
    expect(await database.query(`SELECT id FROM billing.invoices WHERE id = 'inv-1'`)).toEqual([]);
  });

  it('announces new rows too when asked, which ends a remembered absence', async () => {
    const creditNoteOf = (id: string) =>
      creditNotes.read(id, async () => {
        const [row] = await dataSource.query(`SELECT amount_cents::int FROM credit_notes WHERE id = $1`, [
          id,
        ]);
        return { amountCents: row?.amount_cents ?? null };
      });
    expect(await creditNoteOf('cn-1')).toEqual({ amountCents: null });
    const load = jest.fn(async () => ({ amountCents: -1 }));
    await creditNotes.read('cn-1', load);
    expect(load).not.toHaveBeenCalled();

    await database.query(`INSERT INTO billing.credit_notes VALUES ('cn-1', 40)`);

    await eventually(async () => ((await creditNoteOf('cn-1')).amountCents === 40 ? true : undefined));
  });

  it('keeps serving a row whose change rolled back', async () => {
    invoices.evict('inv-1');
    expect(await amountOf('inv-1')).toBe(100);
    const load = jest.fn(async () => ({ id: 'inv-1', amount_cents: -1 }));

    await dataSource
      .transaction(async (manager) => {
        await manager.query(`UPDATE invoices SET amount_cents = 999 WHERE id = 'inv-1'`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await database.query(`SELECT pg_sleep(0.2)`);

    await invoices.read('inv-1', load);
    expect(load).not.toHaveBeenCalled();
  });

  it('bypasses the cache while its listener is cut off, and serves from memory again once back', async () => {
    await database.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    await database.query(`UPDATE billing.invoices SET amount_cents = 175 WHERE id = 'inv-1'`);

    await eventually(async () => ((await amountOf('inv-1')) === 175 ? true : undefined));
    await servedFromMemory('inv-1');
  });
});
