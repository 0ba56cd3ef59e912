import { ApiClient, e2eStack, fund, newPlatformClients, settled, usBankAccount } from '@payments/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import {
  customerWithAccounts,
  ibanAccount,
  parseCsv,
  supportUsdAndEur,
} from '@transfers/reports/__tests__/reconciliation-fixtures';

const LEDGER_CHECK = join(__dirname, '..', '..', '..', '..', '..', 'scripts', 'ledger-check.mjs');
/** Free text a spreadsheet would run, with a comma, quotes and a line break to escape. */
const HOSTILE_ID = '=HYPERLINK("http://evil.example","x"),\nnext';
const DAY_MS = 86_400_000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

function ledgerCheck(databaseUrl: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [LEDGER_CHECK],
      { env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
    );
  });
}

/**
 * The tie-out: transactions of two currencies, completed and failed, moved through the API; the
 * transactions export's completed movements per currency equal the change of the internal
 * accounts' balances in the balances report over the same days, and `npm run ledger:check` passes.
 */
describe('reconciliation reports', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let sandbox: ApiClient;
  let intruder: ApiClient;
  let window: { startDate: string; endDate: string };
  let days: string[];
  let intruderFunding: any;
  const transactions: any[] = [];

  const exportOf = async (client: ApiClient, format: 'csv' | 'jsonl') => {
    const query = new URLSearchParams({ ...window, format });
    const response = await client.get(`/reports/transactions?${query}`);
    expect(response.status).toBe(200);
    return response;
  };
  const jsonLines = async (client: ApiClient): Promise<any[]> => {
    const { body } = await exportOf(client, 'jsonl');
    // The client parses a body that is one JSON document: an export of a single line.
    if (typeof body !== 'string') return [body];
    return body
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  };
  const balances = async (client: ApiClient, date: string) => {
    const response = await client.get(`/reports/balances?date=${date}&limit=100`);
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    const start = Date.now() - 1000;
    ({ sandbox } = newPlatformClients(api));
    ({ sandbox: intruder } = newPlatformClients(api));
    await supportUsdAndEur(sandbox);
    const ada = await customerWithAccounts(sandbox, HOSTILE_ID, ['USD', 'EUR']);
    const [usGood, usClosed, euGood, euClosed] = await Promise.all([
      usBankAccount(sandbox, ada.customerId),
      usBankAccount(sandbox, ada.customerId, '003'),
      ibanAccount(sandbox, ada.customerId, '370400440532013000'),
      ibanAccount(sandbox, ada.customerId, '370400440532013003'),
    ]);
    transactions.push(
      await fund(sandbox, ada.accounts.USD, 10_000),
      await fund(sandbox, ada.accounts.EUR, 5_000),
    );
    const payOut = async (currency: 'USD' | 'EUR', destination: string, amount: number) => {
      const sent = await sandbox.post('/transfer-out', {
        source: { accountId: ada.accounts[currency] },
        destination: { accountId: destination },
        amount,
      });
      expect(sent.status).toBe(201);
      return sent.body.id as string;
    };
    const payouts = await Promise.all([
      payOut('USD', usGood, 1_200),
      payOut('USD', usClosed, 700),
      payOut('EUR', euGood, 900),
      payOut('EUR', euClosed, 400),
    ]);
    transactions.push(...(await Promise.all(payouts.map((id) => settled(sandbox, id)))));
    const mallory = await customerWithAccounts(intruder, 'mallory', ['USD']);
    intruderFunding = await fund(intruder, mallory.accounts.USD, 3_000);
    const end = Date.now() + 1000;
    window = { startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() };
    days = [...new Set([dayOf(start), dayOf(end)])];
  });

  it('exports every transaction of the window once, with its ledger postings', async () => {
    expect(transactions.map((transaction) => transaction.status).sort()).toEqual([
      'COMPLETED',
      'COMPLETED',
      'COMPLETED',
      'COMPLETED',
      'FAILED',
      'FAILED',
    ]);
    const lines = await jsonLines(sandbox);
    expect(lines.map((line) => line.id).sort()).toEqual(
      transactions.map((transaction) => transaction.id).sort(),
    );
    for (const transaction of transactions) {
      const line = lines.find((candidate) => candidate.id === transaction.id);
      expect(line).toMatchObject({
        type: transaction.type,
        status: transaction.status,
        sentAmount: transaction.sentAmount.amount,
        sentCurrency: transaction.sentAmount.currency.code,
        receivedAmount: transaction.receivedAmount.amount,
        reference: transaction.reconciliationInstructions.reference,
        createdAt: transaction.createdAt,
      });
      // A deposit is one posting; a payout its reservation and then its settlement or release.
      expect(line.ledgerPostingIds).toHaveLength(transaction.type === 'INCOMING' ? 1 : 2);
    }
  });

  it('ties: completed movements per currency equal the change of the internal balances, and ledger:check agrees', async () => {
    const lines = await jsonLines(sandbox);
    const movements: Record<string, number> = {};
    for (const line of lines.filter((candidate) => candidate.status === 'COMPLETED')) {
      const [currency, amount] =
        line.type === 'INCOMING'
          ? [line.receivedCurrency, line.receivedAmount]
          : [line.sentCurrency, -line.sentAmount];
      movements[currency] = (movements[currency] ?? 0) + amount;
    }
    expect(movements).toEqual({ USD: 10_000 - 1_200, EUR: 5_000 - 900 });

    const reports = await Promise.all(days.map((date) => balances(sandbox, date)));
    const change: Record<string, number> = {};
    const flows: Record<string, { credits: number; debits: number }> = {};
    for (const [index, report] of reports.entries()) {
      for (const account of report.data) {
        expect(account.closingBalance).toBe(account.openingBalance + account.credits - account.debits);
        if (index === 0) change[account.currency] = (change[account.currency] ?? 0) - account.openingBalance;
        if (index === reports.length - 1)
          change[account.currency] = (change[account.currency] ?? 0) + account.closingBalance;
        const flow = (flows[account.currency] ??= { credits: 0, debits: 0 });
        flow.credits += account.credits;
        flow.debits += account.debits;
      }
    }
    expect(change).toEqual(movements);
    // A failed payout reserves and releases: a debit and a credit that cancel out.
    expect(flows).toEqual({
      USD: { credits: 10_000 + 700, debits: 1_200 + 700 },
      EUR: { credits: 5_000 + 400, debits: 900 + 400 },
    });
    const check = await ledgerCheck(stack.databaseUrl);
    expect(check.output).toContain('ledger check passed');
    expect(check.code).toBe(0);
  });

  it('writes CSV with a header, escaped fields and free text that cannot run as a formula', async () => {
    const response = await exportOf(sandbox, 'csv');
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(
      expect.arrayContaining(['id', 'status', 'sentAmount', 'reference', 'ledgerPostingIds']),
    );
    expect(rows).toHaveLength(transactions.length);
    const column = (name: string) => header.indexOf(name);
    expect(new Set(rows.map((row) => row[column('platformCustomerId')]))).toEqual(
      new Set([`'${HOSTILE_ID}`]),
    );
    expect(rows.map((row) => row[column('id')]).sort()).toEqual(
      transactions.map((transaction) => transaction.id).sort(),
    );
  });

  it("never shows another platform's transactions or accounts", async () => {
    const ours = await jsonLines(sandbox);
    expect(ours.map((line) => line.id)).not.toContain(intruderFunding.id);
    expect((await jsonLines(intruder)).map((line) => line.id)).toEqual([intruderFunding.id]);
    const theirs = await balances(intruder, days[days.length - 1]);
    const ourAccounts = (await balances(sandbox, days[days.length - 1])).data.map(
      (account: any) => account.accountId,
    );
    // The intruder's own: its customer's account and the platform's, none of ours.
    expect(
      theirs.data.map((account: any) => account.accountId).filter((id: string) => ourAccounts.includes(id)),
    ).toEqual([]);
    expect(theirs.data.map((account: any) => account.currency)).toEqual(['USD', 'USD']);
    expect(theirs.data.reduce((sum: number, account: any) => sum + account.closingBalance, 0)).toBe(3_000);
  });

  it.each([
    ['no window', ''],
    ['an end before the start', 'startDate=2025-10-13T00:00:00Z&endDate=2025-10-12T00:00:00Z'],
    ['a window over 31 days', 'startDate=2025-09-01T00:00:00Z&endDate=2025-10-13T00:00:00Z'],
    ['an unknown format', 'startDate=2025-10-12T00:00:00Z&endDate=2025-10-13T00:00:00Z&format=xlsx'],
  ])('refuses %s with a 400', async (_case, query) => {
    const response = await sandbox.get(`/reports/transactions?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
  });

  it.each(['', 'date=2025-13-01', 'date=2025-10-13T00:00:00Z', 'date=yesterday'])(
    'refuses a balances report of %p with a 400',
    async (query) => {
      const response = await sandbox.get(`/reports/balances?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
    },
  );

  it('answers a day before any money moved with zero balances', async () => {
    const before = await balances(sandbox, dayOf(Date.now() - 3 * DAY_MS));
    expect(before.data.length).toBeGreaterThan(0);
    for (const account of before.data)
      expect(account).toMatchObject({ openingBalance: 0, closingBalance: 0 });
  });
});
