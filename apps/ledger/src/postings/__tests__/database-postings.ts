import { ConfigService } from '@nestjs/config';
import { BalanceEvent, Environment, toApiId, uuidOf } from '@payments/contracts';
import { ApiException, Caller } from '@payments/http';
import { Outbox } from '@payments/persistence';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AccountKind, LedgerAccount } from '@ledger/accounts/account.entity';
import { InternalAccountsService } from '@ledger/accounts/internal-accounts.service';
import { SystemAccountsService } from '@ledger/accounts/system-accounts.service';
import { SystemAccountsStore } from '@ledger/accounts/system-accounts.store';
import { CreatePostingDto } from '@ledger/postings/dto/create-posting.dto';
import { PostingKind } from '@ledger/postings/posting-rules';
import { PostingOutcome, PostingResult, PostingsService } from '@ledger/postings/postings.service';
import { PostingsStore } from '@ledger/postings/postings.store';

/**
 * PostingsService on a migrated ledger database, for the specs that move money through real SQL,
 * with the caller's one customer ('Customer:1', 'c-1') and its USD internal account opened; its
 * events go to the outbox under topics prefixed `test.`.
 */
export async function postingsOnDatabase(
  dataSource: DataSource,
  caller: Caller,
): Promise<{ postings: PostingsService; accountId: string }> {
  const { service, accounts } = postingsServiceOn(dataSource);
  await accounts.open(dataSource.manager, [
    { owner: { ...caller, customerId: 'Customer:1', platformCustomerId: 'c-1' }, currencies: ['USD'] },
  ]);
  const [{ id }] = await dataSource.query(`SELECT id FROM accounts WHERE kind = 'INTERNAL'`);
  return { postings: service, accountId: toApiId('InternalAccount', id) };
}

function postingsServiceOn(dataSource: DataSource) {
  const accounts = new InternalAccountsService(dataSource.getRepository(LedgerAccount));
  const store = new PostingsStore(dataSource);
  const outbox = new Outbox(new ConfigService({ KAFKA_TOPIC_PREFIX: 'test.' }));
  const service = new PostingsService(
    store,
    accounts,
    new SystemAccountsService(new SystemAccountsStore(dataSource)),
    outbox,
  );
  return { service, store, accounts };
}

export const caller: Caller = {
  platformId: toApiId('Platform', randomUUID()),
  environment: Environment.Sandbox,
  requestId: 'req-1',
};

/**
 * The ledger's tables of a migrated database, emptied, with a PostingsService of `caller` over them
 * whose store's transactions, balance reads and writes are watched (spied, still run for real).
 */
export class LedgerTables {
  readonly service: PostingsService;
  readonly store: PostingsStore;
  private readonly accounts: InternalAccountsService;
  /** Runs just before the next write: another request's posting commits meanwhile. */
  private readonly beforeWrites: (() => Promise<void>)[] = [];

  private constructor(private readonly dataSource: DataSource) {
    ({ service: this.service, store: this.store, accounts: this.accounts } = postingsServiceOn(dataSource));
    jest.spyOn(this.store, 'transaction');
    jest.spyOn(this.store, 'lockInternalAccounts');
    const write = this.store.write.bind(this.store);
    jest.spyOn(this.store, 'write').mockImplementation(async (...args) => {
      await this.beforeWrites.shift()?.();
      return write(...args);
    });
  }

  /** Empties the tables (cheaper than a database per test) for a new service: none of its ids survive. */
  static async emptied(dataSource: DataSource): Promise<LedgerTables> {
    await dataSource.query('TRUNCATE entries, postings, accounts, outbox');
    return new LedgerTables(dataSource);
  }

  /**
   * A new customer's internal account in `currency`, funded by a DEPOSIT of `balance` (under a
   * `Transaction:funding-` id of its own); its API id.
   */
  async openInternal(balance = 0n, currency = 'USD'): Promise<string> {
    const customerId = toApiId('Customer', randomUUID());
    await this.accounts.open(this.dataSource.manager, [
      { owner: { ...caller, customerId, platformCustomerId: customerId }, currencies: [currency] },
    ]);
    const [{ id }] = await this.dataSource.query(
      `SELECT id FROM accounts WHERE customer_id = $1 AND currency = $2`,
      [customerId, currency],
    );
    const accountId = toApiId('InternalAccount', id);
    if (balance > 0n) {
      const funding = posting('DEPOSIT', accountId, Number(balance), {
        transactionId: `Transaction:funding-${randomUUID()}`,
        currency,
      });
      applied((await this.service.postAll(caller, [funding]))[0]);
      // The funding is the test's set-up: the watched calls are the test's own.
      for (const watched of [this.store.transaction, this.store.lockInternalAccounts, this.store.write])
        jest.mocked(watched).mockClear();
    }
    return accountId;
  }

  async balanceOf(accountId: string): Promise<bigint> {
    const [row] = await this.dataSource.query(`SELECT balance FROM accounts WHERE id = $1`, [
      uuidOf('InternalAccount', accountId) ?? accountId,
    ]);
    return BigInt(row?.balance ?? 0);
  }

  /** The balance of the caller's system account of `kind`, in USD; zero before it is opened. */
  async systemBalance(kind: AccountKind): Promise<bigint> {
    const [row] = await this.dataSource.query(
      `SELECT balance FROM accounts
        WHERE platform_id = $1 AND environment = $2 AND kind = $3 AND currency = 'USD'`,
      [caller.platformId, caller.environment, kind],
    );
    return BigInt(row?.balance ?? 0);
  }

  /** Every account's balance added up: zero, since every posting's entries sum to zero. */
  async total(): Promise<bigint> {
    const [{ total }] = await this.dataSource.query(
      `SELECT coalesce(sum(balance), 0) AS total FROM accounts`,
    );
    return BigInt(total);
  }

  /** The postings whose entries do not sum to zero, or that have fewer than two. */
  async unbalancedPostings(): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT p.id FROM postings p LEFT JOIN entries e ON e.posting_id = p.id
        GROUP BY p.id HAVING coalesce(sum(e.amount), 0) <> 0 OR count(e.*) < 2`,
    );
    return rows.map((row) => row.id);
  }

  /** The postings rows as pg answers them (bigints as strings), by time, a batch's by transaction id. */
  postings(kind?: PostingKind): Promise<Record<string, string>[]> {
    return this.dataSource.query(
      `SELECT * FROM postings WHERE $1::text IS NULL OR kind = $1 ORDER BY created_at, transaction_id`,
      [kind ?? null],
    );
  }

  /** The balance events written with the postings, in order. */
  async events(): Promise<BalanceEvent[]> {
    const rows: { payload: string }[] = await this.dataSource.query(`SELECT payload FROM outbox ORDER BY id`);
    return rows.map((row) => JSON.parse(row.payload) as BalanceEvent);
  }

  beforeNextWrite(concurrently: () => Promise<void>): void {
    this.beforeWrites.push(concurrently);
  }

  /**
   * Another request's DEPOSIT of 1,000 to `accountId` under `transactionId`, posted as `id` and
   * committed in a connection of its own: the row only, since what matters is that it holds its key.
   */
  async insertPosting(id: string, accountId: string, transactionId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO postings
         (id, transaction_id, kind, platform_id, environment, internal_account_id, amount, currency, balance_after)
       VALUES ($1, $2, 'DEPOSIT', $3, $4, $5, 1000, 'USD', 1000)`,
      [id, transactionId, caller.platformId, caller.environment, uuidOf('InternalAccount', accountId)],
    );
  }
}

export const posting = (
  kind: PostingKind,
  accountId: string,
  amount: number,
  changes: Partial<CreatePostingDto> = {},
): CreatePostingDto => ({
  transactionId: 'Transaction:1',
  kind,
  accountId,
  amount,
  currency: 'USD',
  ...changes,
});

/** The outcome of an applied posting; fails the test with the refusal otherwise. */
export function applied(result: PostingResult): PostingOutcome {
  if (result instanceof ApiException) throw new Error(`Refused: ${result.code} ${result.message}`);
  return result;
}
