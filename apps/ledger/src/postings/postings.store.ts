import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { columnsOf, OUTBOX_CHANNEL, outboxInsertSql, OutboxRows } from '@payments/persistence';
import { DataSource, EntityManager } from 'typeorm';
import { ACCOUNT_KINDS } from '@ledger/accounts/account.entity';
import { PostingKind, StoredPosting } from '@ledger/postings/posting-rules';

/** A posting accepted within the batch's transaction, with its entries, ready to be written. */
export interface AcceptedPosting {
  posting: StoredPosting;
  /** The accounts the legs go to, with their signed amounts. */
  entries: { accountId: string; amount: bigint }[];
}

/**
 * A concurrent claim of one of the batch's keys, on an account the batch had not locked, won: the
 * batch rolls back and runs again, then finds that posting and answers for it.
 */
export class LostClaim extends Error {}

interface PostingRow {
  id: string;
  transaction_id: string;
  kind: PostingKind;
  platform_id: string;
  environment: StoredPosting['environment'];
  internal_account_id: string;
  amount: string;
  currency: string;
  balance_after: string;
}

/**
 * The statements of PostingsService's batches, each run with the manager of the transaction the
 * service opens through `transaction`; the order it runs them in is its concurrency rule.
 */
@Injectable()
export class PostingsStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Locks the internal accounts in id order and answers their balances. */
  async lockInternalAccounts(manager: EntityManager, accountIds: string[]): Promise<Map<string, bigint>> {
    const rows: { id: string; balance: string }[] = await manager.query(
      `SELECT id, balance FROM accounts WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
      [[...new Set(accountIds)]],
    );
    return new Map(rows.map((row) => [row.id, BigInt(row.balance)]));
  }

  /** Every posting of the transactions, by transaction; read under their internal accounts' locks. */
  async postingsOf(manager: EntityManager, transactionIds: string[]): Promise<Map<string, StoredPosting[]>> {
    const rows: PostingRow[] = await manager.query(
      `SELECT id, transaction_id, kind, platform_id, environment, internal_account_id, amount, currency, balance_after
         FROM postings WHERE transaction_id = ANY($1::text[])`,
      [[...new Set(transactionIds)]],
    );
    const byTransaction = new Map<string, StoredPosting[]>();
    for (const row of rows) {
      const postings = byTransaction.get(row.transaction_id) ?? [];
      postings.push({
        id: row.id,
        transactionId: row.transaction_id,
        kind: row.kind,
        platformId: row.platform_id,
        environment: row.environment,
        internalAccountId: row.internal_account_id,
        amount: BigInt(row.amount),
        currency: row.currency,
        balanceAfter: BigInt(row.balance_after),
      });
      byTransaction.set(row.transaction_id, postings);
    }
    return byTransaction;
  }

  /**
   * Claims the accepted postings' keys, writes their entries, moves every balance by its entries and
   * adds the balance events to the outbox, in one statement: each statement is a round trip, and a
   * batch made three (four with its events). The system accounts are locked in ACCOUNT_KINDS order (a
   * locking SELECT locks in its ORDER BY order) before the first balance moves: their count does not
   * depend on the row, so Postgres runs it once, first. Every posting of a platform and currency shares
   * them, so they are locked last, after the internal accounts (locked by the batch's first statement,
   * which also keeps two batches from claiming one key at once, and orders two batches' events of one
   * account as their balance moves), and the commit follows at once. A key claimed meanwhile by another
   * writer rolls the whole transaction back (LostClaim): its entries, balance moves and events with it.
   */
  async write(manager: EntityManager, accepted: AcceptedPosting[], events: OutboxRows): Promise<void> {
    const postings = accepted.map((item) => item.posting);
    const entries = accepted.flatMap(({ posting, entries: legs }) =>
      legs.map((leg) => ({ postingId: posting.id, currency: posting.currency, ...leg })),
    );
    const changes = new Map<string, bigint>();
    for (const entry of entries)
      changes.set(entry.accountId, (changes.get(entry.accountId) ?? 0n) + entry.amount);
    const internalIds = new Set(postings.map((posting) => posting.internalAccountId));
    const [{ claimed }]: { claimed: number }[] = await manager.query(
      `WITH claimed AS (
         INSERT INTO postings
           (id, transaction_id, kind, platform_id, environment, internal_account_id, amount, currency, balance_after)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[],
                              $7::bigint[], $8::text[], $9::bigint[])
         ON CONFLICT (transaction_id, kind) DO NOTHING
         RETURNING id
       ), written AS (
         INSERT INTO entries (posting_id, account_id, amount, currency)
         SELECT e.posting_id, e.account_id, e.amount, e.currency
           FROM unnest($10::uuid[], $11::uuid[], $12::bigint[], $13::text[]) AS e (posting_id, account_id, amount, currency)
           JOIN claimed ON claimed.id = e.posting_id
       ), system_locks AS (
         SELECT id FROM accounts WHERE id = ANY($16::uuid[])
          ORDER BY array_position($17::text[], kind), id FOR NO KEY UPDATE
       ), moved AS (
         UPDATE accounts SET balance = balance + change.amount, updated_at = now()
           FROM unnest($14::uuid[], $15::bigint[]) AS change (id, amount)
          WHERE accounts.id = change.id AND (SELECT count(*) FROM system_locks) >= 0
       ), announced AS (${outboxInsertSql('$18', '$19', '$20', '$21')})
       SELECT count(*)::int AS claimed,
              CASE WHEN cardinality($19::text[]) > 0 THEN pg_notify($22, current_schema()) END AS notified
         FROM claimed`,
      [
        ...columnsOf(postings, [
          'id',
          'transactionId',
          'kind',
          'platformId',
          'environment',
          'internalAccountId',
          'amount',
          'currency',
          'balanceAfter',
        ]),
        ...columnsOf(entries, ['postingId', 'accountId', 'amount', 'currency']),
        [...changes.keys()],
        [...changes.values()],
        [...changes.keys()].filter((id) => !internalIds.has(id)),
        ACCOUNT_KINDS,
        events.topic,
        events.keys,
        events.payloads,
        events.headers,
        OUTBOX_CHANNEL,
      ],
    );
    if (claimed < postings.length) throw new LostClaim();
  }
}
