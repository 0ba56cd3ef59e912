import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Caller } from '@payments/http';
import { DataSource } from 'typeorm';

/** One internal account's movements over a UTC day, in minor units (bigint as text from Postgres). */
export interface AccountDayRow {
  seq: string;
  id: string;
  currency: string;
  customer_id: string | null;
  platform_customer_id: string | null;
  opening: string;
  credits: string;
  debits: string;
  fees: string;
}

/**
 * The reports' reads of the ledger, always scoped by the caller's platform and environment. Every
 * figure is summed from entries, never taken from the accounts' cached balance column: a report that
 * trusted the cache could not show the cache drifting.
 */
@Injectable()
export class LedgerReportStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The ids of the postings of each transaction (in the ledger's `Transaction:` form), oldest first. */
  async postingIdsOf(caller: Caller, transactionIds: string[]): Promise<Map<string, string[]>> {
    const rows: { transaction_id: string; posting_ids: string[] }[] = await this.dataSource.query(
      `SELECT transaction_id, array_agg(id ORDER BY created_at, id) AS posting_ids
         FROM postings
        WHERE transaction_id = ANY($3::text[]) AND platform_id = $1 AND environment = $2
        GROUP BY transaction_id`,
      [caller.platformId, caller.environment, transactionIds],
    );
    return new Map(rows.map((row) => [row.transaction_id, row.posting_ids]));
  }

  /**
   * A page of the caller's internal accounts (seq order, after `afterSeq`) with their day: the
   * balance at `start` (entries of postings before it), credits and debits within [start, end),
   * and the fees taken from the account's postings that day (their legs to the fee accounts, which
   * the debits or the shortfall of a credit already hold). Every entry on an internal account
   * belongs to a posting naming it, so postings_internal_account_created reaches them.
   */
  async accountDays(
    caller: Caller,
    day: { start: Date; end: Date },
    page: { afterSeq: string; limit: number },
  ): Promise<AccountDayRow[]> {
    return this.dataSource.query(
      `SELECT a.seq, a.id, a.currency, a.customer_id, a.platform_customer_id, m.opening, m.credits, m.debits,
              (SELECT coalesce(sum(f.amount), 0)
                 FROM postings fp
                 JOIN entries f ON f.posting_id = fp.id
                 JOIN accounts fa ON fa.id = f.account_id AND fa.kind IN ('PLATFORM_FEES', 'SERVICE_FEES')
                WHERE fp.internal_account_id = a.id AND fp.created_at >= $3 AND fp.created_at < $4) AS fees
         FROM accounts a
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(e.amount) FILTER (WHERE p.created_at < $3), 0) AS opening,
                 coalesce(sum(e.amount) FILTER (WHERE p.created_at >= $3 AND e.amount > 0), 0) AS credits,
                 coalesce(-sum(e.amount) FILTER (WHERE p.created_at >= $3 AND e.amount < 0), 0) AS debits
            FROM postings p
            JOIN entries e ON e.posting_id = p.id AND e.account_id = a.id
           WHERE p.internal_account_id = a.id AND p.created_at < $4) m
        WHERE a.platform_id = $1 AND a.environment = $2 AND a.kind = 'INTERNAL' AND a.seq > $5
        ORDER BY a.seq
        LIMIT $6`,
      [caller.platformId, caller.environment, day.start, day.end, page.afterSeq, page.limit],
    );
  }

  async countAccounts(caller: Caller): Promise<number> {
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM accounts WHERE platform_id = $1 AND environment = $2 AND kind = 'INTERNAL'`,
      [caller.platformId, caller.environment],
    );
    return count;
  }
}
