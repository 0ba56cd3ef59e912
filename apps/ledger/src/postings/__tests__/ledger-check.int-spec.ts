import { Environment } from '@payments/contracts';
import { dataSourceOptions, runMigrations } from '@payments/persistence';
import { TestDatabase } from '@payments/testing';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { LEDGER_SCHEMA } from '@ledger/database';
import { postingsOnDatabase } from '@ledger/postings/__tests__/database-postings';
import { PostingKind } from '@ledger/postings/posting-rules';

jest.setTimeout(30_000);

const SCRIPT = join(__dirname, '..', '..', '..', '..', '..', 'scripts', 'ledger-check.mjs');
const CALLER = { platformId: `Platform:${randomUUID()}`, environment: Environment.Sandbox };

function ledgerCheck(databaseUrl: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT],
      { env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr });
      },
    );
  });
}

/**
 * Money is moved through the ledger's own services and real SQL into a database of this test's,
 * which then serves as the template of one copy per corruption, so each case starts consistent.
 */
describe('npm run ledger:check', () => {
  let database: TestDatabase;
  const copies: TestDatabase[] = [];

  beforeAll(async () => {
    database = await TestDatabase.create();
  });

  afterAll(async () => {
    for (const copy of [...copies, database]) await copy?.drop();
  });

  it('says so when the database has no ledger schema', async () => {
    const { code, output } = await ledgerCheck(database.url);
    expect(code).toBe(2);
    expect(output).toContain('has no ledger schema');
  });

  describe('with the ledger migrated and money moved', () => {
    beforeAll(async () => {
      await runMigrations(database.url, LEDGER_SCHEMA);
      const dataSource = await new DataSource(dataSourceOptions(database.url, LEDGER_SCHEMA)).initialize();
      try {
        const { postings, accountId } = await postingsOnDatabase(dataSource, CALLER);
        const post = (kind: PostingKind, transactionId: string, amount: number) =>
          postings.postAll(CALLER, [{ transactionId, kind, accountId, amount, currency: 'USD' }]);
        await post('DEPOSIT', 'Transaction:deposit', 1_000);
        await post('RESERVE', 'Transaction:settled', 300);
        await post('SETTLE', 'Transaction:settled', 300);
        await post('RESERVE', 'Transaction:released', 200);
        await post('RELEASE', 'Transaction:released', 200);
        await post('RESERVE', 'Transaction:pending', 100);
      } finally {
        // A template database must have no connections.
        await dataSource.destroy();
      }
    });

    /** Checks a copy of the consistent ledger after `corruption`, committed as the script reads it. */
    async function checkCorrupted(corruption: string[]): Promise<{ code: number; output: string }> {
      const copy = await TestDatabase.create({ template: database });
      copies.push(copy);
      const client = new Client({ connectionString: copy.url, options: '-c search_path=ledger' });
      await client.connect();
      try {
        for (const sql of corruption) await client.query(sql);
      } finally {
        await client.end();
      }
      return ledgerCheck(copy.url);
    }

    it('passes a consistent ledger', async () => {
      const { code, output } = await ledgerCheck(database.url);
      expect(output).toContain('6 postings, 12 entries');
      expect(output).toContain('ledger check passed');
      expect(code).toBe(0);
    });

    it.each([
      [
        'an entry changed on one side of a posting',
        ['UPDATE entries SET amount = amount + 1 WHERE amount = 1000'],
        [
          'every posting has at least two entries',
          'all entries of each currency sum to zero',
          "each account's balance equals",
        ],
      ],
      [
        'a balance that drifted from its entries',
        ["UPDATE accounts SET balance = balance + 5 WHERE kind = 'IN_TRANSIT'"],
        ["each account's balance equals"],
      ],
      [
        'a negative internal account',
        [
          'ALTER TABLE accounts DROP CONSTRAINT internal_balance_in_range',
          "UPDATE accounts SET balance = -1 WHERE kind = 'INTERNAL'",
        ],
        ['no internal account is negative'],
      ],
      [
        'a SETTLE without its RESERVE',
        ["UPDATE postings SET transaction_id = 'Transaction:orphan' WHERE kind = 'SETTLE'"],
        ['every SETTLE and RELEASE closes a RESERVE'],
      ],
      [
        'a reservation both settled and released',
        ["UPDATE postings SET transaction_id = 'Transaction:settled' WHERE kind = 'RELEASE'"],
        ['no transaction is both settled and released'],
      ],
    ])('fails on %s, naming what is violated', async (_case, corruption, violated) => {
      const { code, output } = await checkCorrupted(corruption);
      expect(code).toBe(1);
      for (const invariant of violated) expect(output).toContain(`FAIL  ${invariant}`);
      expect(output).toContain('ledger check FAILED');
    });
  });
});
