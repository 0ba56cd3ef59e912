import { Environment, toApiId } from '@payments/contracts';
import { Caller } from '@payments/http';
import { MigratedDatabase, plansOf, statementsDuring } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LEDGER_SCHEMA } from '@ledger/database';
import { postingsOnDatabase } from '@ledger/postings/__tests__/database-postings';
import { CreatePostingDto } from '@ledger/postings/dto/create-posting.dto';
import { LedgerPostingsService } from '@ledger/postings/ledger-postings.service';
import { LedgerPostingsStore } from '@ledger/postings/ledger-postings.store';
import { PostingsService } from '@ledger/postings/postings.service';

jest.setTimeout(60_000);

const CALLER: Caller = { platformId: `Platform:${randomUUID()}`, environment: Environment.Sandbox };
/** Deposits of other transactions, so that a read that scanned the postings would show in its plan. */
const OTHER_POSTINGS = 10_000;
const BATCH = 500;

const newTransactionId = () => toApiId('Transaction', randomUUID());

/** Postings made through PostingsService into real tables, read back through the public read. */
describe('the postings of a transaction (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let postings: PostingsService;
  let reads: LedgerPostingsService;
  let accountId: string;
  const payout = newTransactionId();
  const failedPayout = newTransactionId();

  const posting = (
    kind: CreatePostingDto['kind'],
    transactionId: string,
    amount: number,
    fees: Pick<CreatePostingDto, 'platformFee' | 'serviceFee'> = {},
  ): CreatePostingDto => ({ transactionId, kind, accountId, amount, currency: 'USD', ...fees });

  beforeAll(async () => {
    database = await MigratedDatabase.create(LEDGER_SCHEMA);
    dataSource = database.dataSource;
    ({ postings, accountId } = await postingsOnDatabase(dataSource, CALLER));
    reads = new LedgerPostingsService(new LedgerPostingsStore(dataSource));
    for (let made = 0; made < OTHER_POSTINGS; made += BATCH) {
      const deposits = Array.from({ length: BATCH }, () => posting('DEPOSIT', newTransactionId(), 10));
      await postings.postAll(CALLER, deposits);
    }
    // One call per posting, as the transfers app makes them: each posting is its own database transaction.
    for (const made of [
      posting('RESERVE', payout, 1_000),
      posting('SETTLE', payout, 1_000, { platformFee: 30, serviceFee: 5 }),
      posting('RESERVE', failedPayout, 400),
      posting('RELEASE', failedPayout, 400),
    ]) {
      expect(await postings.postAll(CALLER, [made])).toEqual([expect.objectContaining({ created: true })]);
    }
  });

  afterAll(async () => {
    await database?.drop();
  });

  it("lists a payout's reservation then its settlement, each balanced, with the accounts they moved", async () => {
    const { data } = await reads.postingsOf(CALLER, payout);

    expect(data.map(({ kind }) => kind)).toEqual(['RESERVE', 'SETTLE']);
    expect(data[0].entries).toEqual([
      { accountId, accountKind: 'INTERNAL', direction: 'DEBIT', amount: 1_000, currency: 'USD' },
      expect.objectContaining({ accountKind: 'IN_TRANSIT', direction: 'CREDIT', amount: 1_000 }),
    ]);
    expect(
      data[1].entries.map(({ accountKind, direction, amount }) => [accountKind, direction, amount]),
    ).toEqual([
      ['EXTERNAL_SETTLEMENT', 'CREDIT', 965],
      ['IN_TRANSIT', 'DEBIT', 1_000],
      ['PLATFORM_FEES', 'CREDIT', 30],
      ['SERVICE_FEES', 'CREDIT', 5],
    ]);
    // The settlement empties the account the reservation filled.
    expect(data[1].entries[1].accountId).toBe(data[0].entries[1].accountId);
    expect(data[0].entries[1].accountId).toMatch(/^SystemAccount:/);
    const [stored] = await dataSource.query(
      `SELECT array_agg(id ORDER BY created_at) AS ids FROM postings WHERE transaction_id = $1`,
      [payout],
    );
    expect(data.map(({ id }) => id)).toEqual(stored.ids);
  });

  it("lists a failed payout's reservation then its release, which gives the money back", async () => {
    const { data } = await reads.postingsOf(CALLER, failedPayout);

    expect(data.map(({ kind }) => kind)).toEqual(['RESERVE', 'RELEASE']);
    expect(data[1].entries).toEqual([
      { accountId, accountKind: 'INTERNAL', direction: 'CREDIT', amount: 400, currency: 'USD' },
      expect.objectContaining({ accountKind: 'IN_TRANSIT', direction: 'DEBIT', amount: 400 }),
    ]);
  });

  it("answers nothing of the transaction to another platform or the caller's other environment", async () => {
    const strangers: Caller[] = [
      { platformId: `Platform:${randomUUID()}`, environment: Environment.Sandbox },
      { ...CALLER, environment: Environment.Production },
    ];
    for (const stranger of strangers) expect(await reads.postingsOf(stranger, payout)).toEqual({ data: [] });
    expect(await reads.postingsOf(CALLER, newTransactionId())).toEqual({ data: [] });
  });

  describe.each(['without', 'with'])('%s table statistics', (statistics) => {
    beforeAll(async () => {
      if (statistics === 'with')
        await database.query('ANALYZE ledger.postings, ledger.entries, ledger.accounts');
    });

    it("reads the transaction's postings by their key, and their entries and accounts by index", async () => {
      const [select] = await statementsDuring(() => reads.postingsOf(CALLER, payout));
      for (const plan of await plansOf(dataSource, select)) {
        expect(plan.wholeTables).toEqual([]);
        expect(plan.indexes).toEqual(
          expect.arrayContaining(['postings_transaction_id_kind_key', 'entries_pkey']),
        );
      }
    });
  });
});
