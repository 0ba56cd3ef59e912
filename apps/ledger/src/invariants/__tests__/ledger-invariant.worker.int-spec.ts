import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { dataSourceOptions, runMigrations } from '@payments/persistence';
import { TestDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { LEDGER_SCHEMA } from '@ledger/database';
import { LedgerInvariantWorker } from '@ledger/invariants/ledger-invariant.worker';
import { LedgerInvariantStore } from '@ledger/invariants/ledger-invariant.store';
import { postingsOnDatabase } from '@ledger/postings/__tests__/database-postings';
import { PostingKind } from '@ledger/postings/posting-rules';

jest.setTimeout(30_000);

const CALLER = { platformId: `Platform:${randomUUID()}`, environment: Environment.Sandbox };

async function gauge(name: string, scope?: string): Promise<number | undefined> {
  const metric = await register.getSingleMetric(name)?.get();
  return metric?.values.find((value) => scope === undefined || value.labels.scope === scope)?.value;
}

/** The background check on a real ledger: money moved through the ledger's services, then corrupted. */
describe('LedgerInvariantWorker', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let monitor: LedgerInvariantWorker;
  let post: (kind: PostingKind, transactionId: string, amount: number) => Promise<unknown>;

  const monitorWith = (fullCheckMs: number) =>
    new LedgerInvariantWorker(
      new LedgerInvariantStore(dataSource),
      new ConfigService({ LEDGER_FULL_CHECK_MS: fullCheckMs, LEDGER_INVARIANT_CHECK_MS: 1000 }),
    );

  beforeAll(async () => {
    database = await TestDatabase.create();
    await runMigrations(database.url, LEDGER_SCHEMA);
    dataSource = await new DataSource(dataSourceOptions(database.url, LEDGER_SCHEMA)).initialize();
    const { postings, accountId } = await postingsOnDatabase(dataSource, CALLER);
    post = (kind, transactionId, amount) =>
      postings.postAll(CALLER, [{ transactionId, kind, accountId, amount, currency: 'USD' }]);
    await post('DEPOSIT', 'Transaction:deposit', 1_000);
    await post('RESERVE', 'Transaction:settled', 300);
    await post('SETTLE', 'Transaction:settled', 300);
  });

  afterEach(() => monitor?.onModuleDestroy());

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('checks the whole ledger first, then only the recent postings, and finds none violated', async () => {
    monitor = monitorWith(3_600_000);
    await monitor.check();
    expect(await gauge('ledger_invariant_violations', 'full')).toBe(0);
    expect(await gauge('ledger_invariant_last_full_check_age_seconds')).toBeLessThan(5);
    await post('RESERVE', 'Transaction:later', 100);
    await monitor.check();
    expect(await gauge('ledger_invariant_violations', 'recent')).toBe(0);
  });

  it('reports an internal balance that drifted from its entries in the recent check, and every violation in the full one', async () => {
    monitor = monitorWith(3_600_000);
    await monitor.check();
    await post('DEPOSIT', 'Transaction:drift', 50);
    await dataSource.query(`ALTER TABLE accounts DROP CONSTRAINT internal_balance_in_range`);
    await dataSource.query(`UPDATE accounts SET balance = balance + 7 WHERE kind = 'INTERNAL'`);
    await dataSource.query(`UPDATE accounts SET balance = balance + 5 WHERE kind = 'IN_TRANSIT'`);
    await monitor.check();
    // The recent check covers the internal account the new posting touched, not the system accounts.
    expect(await gauge('ledger_invariant_violations', 'recent')).toBe(1);
    monitor.onModuleDestroy();
    monitor = monitorWith(3_600_000);
    await monitor.check();
    expect(await gauge('ledger_invariant_violations', 'full')).toBe(2);
    await dataSource.query(`UPDATE accounts SET balance = balance - 7 WHERE kind = 'INTERNAL'`);
    await dataSource.query(`UPDATE accounts SET balance = balance - 5 WHERE kind = 'IN_TRANSIT'`);
  });

  it('skips the check while another replica holds the lock', async () => {
    monitor = monitorWith(3_600_000);
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.query('BEGIN');
    await runner.query(`SELECT pg_advisory_xact_lock(hashtext('ledger-invariant-check'))`);
    try {
      await monitor.check();
      expect(await gauge('ledger_invariant_violations', 'full')).toBeUndefined();
    } finally {
      await runner.query('ROLLBACK');
      await runner.release();
    }
    await monitor.check();
    expect(await gauge('ledger_invariant_violations', 'full')).toBe(0);
  });
});
