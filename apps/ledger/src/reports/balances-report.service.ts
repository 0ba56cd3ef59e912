import { Injectable } from '@nestjs/common';
import { toApiId } from '@payments/contracts';
import { Caller, decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from '@payments/http';
import { toJsonAmount } from '@ledger/accounts/minor-units';
import { AccountDayView, BalancesReportPage } from '@ledger/reports/dto/account-day.view';
import { BalancesReportQuery } from '@ledger/reports/dto/balances-report.query';
import { AccountDayRow, LedgerReportStore } from '@ledger/reports/ledger-report.store';

const DAY_MS = 86_400_000;

/** GET /reports/balances: each internal account's UTC day, paged in the accounts' opening order. */
@Injectable()
export class BalancesReportService {
  constructor(private readonly store: LedgerReportStore) {}

  async report(caller: Caller, query: BalancesReportQuery): Promise<BalancesReportPage> {
    const start = new Date(`${query.date}T00:00:00Z`);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const afterSeq = query.cursor ? decodeCursor(query.cursor) : '0';
    const [rows, totalCount] = await Promise.all([
      this.store.accountDays(
        caller,
        { start, end: new Date(start.getTime() + DAY_MS) },
        { afterSeq, limit: limit + 1 },
      ),
      this.store.countAccounts(caller),
    ]);
    const hasMore = rows.length > limit;
    const data = rows.slice(0, limit);
    return {
      date: query.date,
      data: data.map(presentDay),
      hasMore,
      ...(hasMore ? { nextCursor: encodeCursor(data[data.length - 1].seq) } : {}),
      totalCount,
    };
  }
}

export function presentDay(row: AccountDayRow): AccountDayView {
  const [opening, credits, debits] = [row.opening, row.credits, row.debits].map(BigInt);
  return {
    accountId: toApiId('InternalAccount', row.id),
    ...(row.customer_id ? { customerId: row.customer_id } : {}),
    ...(row.platform_customer_id ? { platformCustomerId: row.platform_customer_id } : {}),
    currency: row.currency,
    openingBalance: toJsonAmount(opening),
    credits: toJsonAmount(credits),
    debits: toJsonAmount(debits),
    fees: toJsonAmount(BigInt(row.fees)),
    closingBalance: toJsonAmount(opening + credits - debits),
  };
}
