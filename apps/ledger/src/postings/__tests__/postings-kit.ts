import { ConfigService } from '@nestjs/config';
import { BalanceEvent, Environment, toApiId, uuidOf } from '@payments/contracts';
import { ApiException, Caller } from '@payments/http';
import { Outbox } from '@payments/persistence';
import { CommonEnvironment } from '@payments/runtime';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AccountKind, LedgerAccount } from '@ledger/accounts/account.entity';
import { InternalAccountsService } from '@ledger/accounts/internal-accounts.service';
import { SystemAccountsService } from '@ledger/accounts/system-accounts.service';
import { CreatePostingDto } from '@ledger/postings/dto/create-posting.dto';
import { PostingKind } from '@ledger/postings/posting-rules';
import { PostingOutcome, PostingResult, PostingsService } from '@ledger/postings/postings.service';

/** Service-level fakes of the postings specs: the ledger's tables in memory, behind a fake manager. */

const PLATFORM = randomUUID();
export const caller: Caller = {
  platformId: toApiId('Platform', PLATFORM),
  environment: Environment.Sandbox,
  requestId: 'req-1',
};

interface AccountRow {
  kind: AccountKind;
  currency: string;
  balance: bigint;
}

/** The postings table's columns, in the order writePostings passes them ($1 to $9). */
const POSTING_COLUMNS = [
  'id',
  'transaction_id',
  'kind',
  'platform_id',
  'environment',
  'internal_account_id',
  'amount',
  'currency',
  'balance_after',
] as const;

/** A postings row as pg answers it: bigints as strings. */
export type PostingRow = Record<(typeof POSTING_COLUMNS)[number], string>;

/**
 * The accounts, postings and entries tables, with the statements PostingsService and writePostings
 * issue: the internal accounts' balances, the postings of transactions, and the write, which claims
 * each (transaction, kind) key once and, as the real transaction rolls back on a lost claim, writes
 * nothing unless it claims them all.
 */
export class LedgerTables {
  private readonly accounts = new Map<string, AccountRow>();
  readonly postings: PostingRow[] = [];
  readonly entries: { postingId: string; accountId: string; amount: bigint }[] = [];
  /** The balance events written with the postings, in order. */
  readonly events: BalanceEvent[] = [];
  /** Runs just before the next write: another request's posting committed meanwhile. */
  private beforeWrites: (() => void)[] = [];

  readonly manager = {
    query: jest.fn(async (sql: string, parameters: unknown[]) => {
      if (sql.includes('SELECT id, balance FROM accounts')) return this.balancesOf(parameters[0] as string[]);
      if (sql.includes('FROM postings WHERE transaction_id')) {
        const ids = parameters[0] as string[];
        return this.postings.filter((row) => ids.includes(row.transaction_id));
      }
      if (sql.includes('INSERT INTO postings')) return this.write(parameters);
      throw new Error(`The fake ledger does not know ${sql}`);
    }),
  };

  /** A customer's internal account in `currency` holding `balance`; answers its API id. */
  openInternal(balance = 0n, currency = 'USD'): string {
    const id = randomUUID();
    this.accounts.set(id, { kind: 'INTERNAL', currency, balance });
    return toApiId('InternalAccount', id);
  }

  internal(uuid: string): LedgerAccount | undefined {
    const row = this.accounts.get(uuid);
    if (row?.kind !== 'INTERNAL') return undefined;
    return {
      id: uuid,
      kind: 'INTERNAL',
      platformId: PLATFORM,
      environment: caller.environment,
      customerId: 'Customer:1',
      platformCustomerId: 'cust-1',
      currency: row.currency,
      balance: String(row.balance),
    } as LedgerAccount;
  }

  /** The id of the system account of `kind` in `currency`, opened on first use. */
  systemAccount(kind: AccountKind, currency: string): string {
    const found = [...this.accounts].find(([, row]) => row.kind === kind && row.currency === currency);
    if (found) return found[0];
    const id = randomUUID();
    this.accounts.set(id, { kind, currency, balance: 0n });
    return id;
  }

  balanceOf(accountId: string): bigint {
    return this.accounts.get(uuidOf('InternalAccount', accountId) ?? accountId)?.balance ?? 0n;
  }

  /** The balance of the system account of `kind`, in USD. */
  systemBalance(kind: AccountKind): bigint {
    return this.balanceOf(this.systemAccount(kind, 'USD'));
  }

  /** Every account's balance added up: zero, since every posting's entries sum to zero. */
  total(): bigint {
    return [...this.accounts.values()].reduce((sum, row) => sum + row.balance, 0n);
  }

  /** Entries of each posting written, summed per posting. */
  entrySums(): bigint[] {
    return this.postings.map((posting) =>
      this.entries
        .filter((entry) => entry.postingId === posting.id)
        .reduce((sum, entry) => sum + entry.amount, 0n),
    );
  }

  beforeNextWrite(concurrently: () => void): void {
    this.beforeWrites.push(concurrently);
  }

  /** Another request's posting, committed: the row only, since what matters is that it holds its key. */
  insertPosting(row: PostingRow): void {
    this.postings.push(row);
  }

  private balancesOf(ids: string[]): { id: string; balance: string }[] {
    return [...new Set(ids)].sort().map((id) => ({ id, balance: String(this.accounts.get(id)!.balance) }));
  }

  /** writePostings' statement, read from its parameters: postings, entries, balance changes, events. */
  private write(parameters: unknown[]): { claimed: number }[] {
    this.beforeWrites.shift()?.();
    const column = (index: number) => parameters[index] as unknown[];
    const postings = column(0).map(
      (_id, row) =>
        Object.fromEntries(
          POSTING_COLUMNS.map((name, index) => [name, String(column(index)[row])]),
        ) as PostingRow,
    );
    const claimed = postings.filter(
      (posting) =>
        !this.postings.some(
          (other) => other.transaction_id === posting.transaction_id && other.kind === posting.kind,
        ),
    );
    if (claimed.length < postings.length) return [{ claimed: claimed.length }];
    this.postings.push(...postings);
    column(9).forEach((postingId, row) =>
      this.entries.push({
        postingId: postingId as string,
        accountId: column(10)[row] as string,
        amount: column(11)[row] as bigint,
      }),
    );
    column(13).forEach((accountId, row) => {
      this.accounts.get(accountId as string)!.balance += column(14)[row] as bigint;
    });
    this.events.push(...(column(19) as string[]).map((payload) => JSON.parse(payload) as BalanceEvent));
    return [{ claimed: claimed.length }];
  }
}

/** A PostingsService over LedgerTables, with the real outbox rows and the accounts found there. */
export function postingsService() {
  const tables = new LedgerTables();
  const internalAccounts = {
    findAll: jest.fn(async (_caller: Caller, ids: string[]) => {
      const found = ids.flatMap((id) => tables.internal(uuidOf('InternalAccount', id) ?? '') ?? []);
      return new Map(found.map((account) => [account.id, account]));
    }),
  };
  const systemAccounts = {
    idsOf: jest.fn(
      async ({ currency }: { currency: string }, kinds: AccountKind[]) =>
        new Map(kinds.map((kind) => [kind, tables.systemAccount(kind, currency)])),
    ),
  };
  const transaction = jest.fn((work: (manager: EntityManager) => Promise<unknown>) =>
    work(tables.manager as unknown as EntityManager),
  );
  const outbox = new Outbox(new ConfigService<CommonEnvironment, true>({ KAFKA_TOPIC_PREFIX: '' }));
  const service = new PostingsService(
    { transaction } as unknown as DataSource,
    internalAccounts as unknown as InternalAccountsService,
    systemAccounts as unknown as SystemAccountsService,
    outbox,
  );
  return { service, tables, transaction, systemAccounts };
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
