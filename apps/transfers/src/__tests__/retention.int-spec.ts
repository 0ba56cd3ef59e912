import { ConfigService } from '@nestjs/config';
import { Outbox, purgeExpired } from '@payments/persistence';
import { MigratedDatabase } from '@payments/testing';
import { DataSource } from 'typeorm';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { TRANSFERS_RETENTION } from '@transfers/retention';
import { newTransferOut } from '@transfers/transactions/__tests__/new-transfer-out';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { TransfersEnvironment } from '@transfers/transfers.environment';

jest.setTimeout(30_000);

describe('TRANSFERS_RETENTION (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let transactions: TransactionStore;
  const [railAttempts] = TRANSFERS_RETENTION(new ConfigService({ ...new TransfersEnvironment() }));

  beforeAll(async () => {
    database = await MigratedDatabase.create(TRANSFERS_SCHEMA);
    dataSource = database.dataSource;
    transactions = new TransactionStore(
      dataSource,
      new Outbox({ get: () => '' } as unknown as ConfigService<never, true>),
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  /** A transfer-out whose rail attempt finished `finishedDaysAgo` days ago, or is unfinished (null). */
  async function transferOut(finishedDaysAgo: number | null): Promise<string> {
    const created = newTransferOut();
    await transactions.insert(dataSource.manager, [created]);
    await dataSource.query(
      `UPDATE rail_attempts SET finished_at = now() - make_interval(days => $2), due_at = now() - interval '90 days'
       WHERE transaction_id = $1`,
      [created.transaction.id, finishedDaysAgo],
    );
    return created.transaction.id;
  }

  const idsIn = async (sql: string) =>
    (await dataSource.query(sql)).map((row: { id: string }) => row.id).sort();

  it('purges the rail attempts finished RAIL_ATTEMPT_RETENTION_DAYS ago, never an unfinished one nor a transaction', async () => {
    const [finishedLongAgo, finishedLately, unfinished] = [
      await transferOut(31),
      await transferOut(29),
      await transferOut(null),
    ];
    const history = await dataSource.query('SELECT count(*)::int AS count FROM transaction_status_history');

    await expect(purgeExpired(dataSource, railAttempts, { batchRows: 100, batchesPerCall: 1 })).resolves.toBe(
      false,
    );

    expect(railAttempts.retentionHours).toBe(30 * 24);
    expect(await idsIn('SELECT transaction_id AS id FROM rail_attempts')).toEqual(
      [finishedLately, unfinished].sort(),
    );
    expect(await idsIn('SELECT id FROM transactions')).toEqual(
      [finishedLongAgo, finishedLately, unfinished].sort(),
    );
    expect(await dataSource.query('SELECT count(*)::int AS count FROM transaction_status_history')).toEqual(
      history,
    );
  });
});
