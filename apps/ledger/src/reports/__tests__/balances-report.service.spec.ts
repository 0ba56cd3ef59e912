import { Environment } from '@payments/contracts';
import { decodeCursor } from '@payments/http';
import { BalancesReportService, presentDay } from '@ledger/reports/balances-report.service';
import { AccountDayRow, LedgerReportStore } from '@ledger/reports/ledger-report.store';

const CALLER = { platformId: 'Platform:1', environment: Environment.Sandbox };

const row = (seq: number, overrides: Partial<AccountDayRow> = {}): AccountDayRow => ({
  seq: String(seq),
  id: `00000000-0000-0000-0000-${String(seq).padStart(12, '0')}`,
  currency: 'USD',
  customer_id: 'Customer:1',
  platform_customer_id: 'c-1',
  opening: '1000',
  credits: '500',
  debits: '300',
  fees: '25',
  ...overrides,
});

/** A store of fixed rows that records what it was asked. */
class FakeStore {
  asked: { day: { start: Date; end: Date }; page: { afterSeq: string; limit: number } }[] = [];
  constructor(private readonly rows: AccountDayRow[]) {}
  async accountDays(
    _caller: unknown,
    day: { start: Date; end: Date },
    page: { afterSeq: string; limit: number },
  ) {
    this.asked.push({ day, page });
    return this.rows
      .filter((candidate) => Number(candidate.seq) > Number(page.afterSeq))
      .slice(0, page.limit);
  }
  async countAccounts(): Promise<number> {
    return this.rows.length;
  }
}

describe('balances report', () => {
  it('closes each day at opening + credits - debits, fees shown apart', () => {
    expect(presentDay(row(1))).toEqual({
      accountId: 'InternalAccount:00000000-0000-0000-0000-000000000001',
      customerId: 'Customer:1',
      platformCustomerId: 'c-1',
      currency: 'USD',
      openingBalance: 1000,
      credits: 500,
      debits: 300,
      fees: 25,
      closingBalance: 1200,
    });
  });

  it("leaves the customer out of the platform's own accounts", () => {
    const day = presentDay(row(1, { customer_id: null, platform_customer_id: null }));
    expect(day).not.toHaveProperty('customerId');
    expect(day).not.toHaveProperty('platformCustomerId');
  });

  it('reads the UTC day asked for and pages by the accounts opening order', async () => {
    const store = new FakeStore([row(1), row(2), row(3)]);
    const service = new BalancesReportService(store as unknown as LedgerReportStore);
    const first = await service.report(CALLER, { date: '2025-10-13', limit: 2 });
    expect(store.asked[0].day).toEqual({
      start: new Date('2025-10-13T00:00:00Z'),
      end: new Date('2025-10-14T00:00:00Z'),
    });
    expect(first).toMatchObject({ date: '2025-10-13', hasMore: true, totalCount: 3 });
    expect(first.data).toHaveLength(2);
    expect(decodeCursor(first.nextCursor!)).toBe('2');
    const second = await service.report(CALLER, { date: '2025-10-13', limit: 2, cursor: first.nextCursor });
    expect(second).toMatchObject({ hasMore: false, totalCount: 3 });
    expect(second).not.toHaveProperty('nextCursor');
    expect(second.data.map((day) => day.accountId)).toEqual([presentDay(row(3)).accountId]);
  });
});
