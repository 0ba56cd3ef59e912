import {
  ApiClient,
  e2eStack,
  fund,
  FundedCustomer,
  newCustomer,
  newPlatformClients,
  settled,
  usBankAccount,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';

interface Entry {
  accountId: string;
  accountKind: string;
  direction: 'DEBIT' | 'CREDIT';
  amount: number;
  currency: string;
}

interface Posting {
  id: string;
  kind: string;
  postedAt: string;
  entries: Entry[];
}

/** The fee a TRANSFER_OUT rule adds to what leaves the account; the ledger takes it at settlement. */
const FEE = 25;

/**
 * What the console's transaction page reads besides the transaction: its timeline from the
 * transfers app and its ledger postings from the ledger, both scoped like every other resource.
 */
describe("a transaction's history and ledger postings", () => {
  const api = new ApiClient(`${e2eStack().gatewayUrl}/2025-10-13`);
  let sandbox: ApiClient;
  let production: ApiClient;
  let stranger: ApiClient;
  let viewer: ApiClient;
  let customer: FundedCustomer;
  let startDate: string;
  let funding: any;
  let payout: any;
  let failedPayout: any;

  const historyOf = (client: ApiClient, transactionId: string) =>
    client.get(`/transactions/${encodeURIComponent(transactionId)}/history`);
  const postingsOf = (client: ApiClient, transactionId: string) =>
    client.get(`/ledger/postings?transactionId=${encodeURIComponent(transactionId)}`);

  async function postings(transactionId: string): Promise<Posting[]> {
    const response = await postingsOf(sandbox, transactionId);
    expect(response.status).toBe(200);
    return response.body.data;
  }

  /** Debits and credits per currency: equal in every balanced posting. */
  function totals(entries: Entry[]): Record<string, { DEBIT: number; CREDIT: number }> {
    const byCurrency: Record<string, { DEBIT: number; CREDIT: number }> = {};
    for (const { currency, direction, amount } of entries) {
      (byCurrency[currency] ??= { DEBIT: 0, CREDIT: 0 })[direction] += amount;
    }
    return byCurrency;
  }

  beforeAll(async () => {
    ({ sandbox, production } = newPlatformClients(api));
    stranger = newPlatformClients(api).sandbox;
    const token = await sandbox.post('/tokens', { name: 'Console', permissions: ['VIEW'] });
    expect(token.status).toBe(201);
    viewer = api.withCredentials({ clientId: token.body.clientId, clientSecret: token.body.clientSecret });
    startDate = new Date(Date.now() - 1_000).toISOString();
    customer = await newCustomer(sandbox, 'detail');
    const [bank, closedBank] = await Promise.all([
      usBankAccount(sandbox, customer.customerId),
      usBankAccount(sandbox, customer.customerId, '003'),
    ]);
    funding = await fund(sandbox, customer.internalAccountId, 10_000);
    const rule = { transactionType: 'TRANSFER_OUT', feeType: 'FIXED', fixedFee: FEE };
    expect((await sandbox.post('/fee-rules', rule)).status).toBe(201);
    const payOut = async (destination: string) => {
      const response = await sandbox.post('/transfer-out', {
        source: { accountId: customer.internalAccountId },
        destination: { accountId: destination },
        amount: 1_000,
      });
      expect(response.status).toBe(201);
      return settled(sandbox, response.body.id);
    };
    [payout, failedPayout] = await Promise.all([payOut(bank), payOut(closedBank)]);
    expect([payout.status, failedPayout.status]).toEqual(['COMPLETED', 'FAILED']);
  });

  describe('GET /transactions/{id}/history', () => {
    it('lists the creation, then every status change, oldest first', async () => {
      const response = await historyOf(sandbox, payout.id);

      expect(response.status).toBe(200);
      const { data } = response.body;
      expect(data.map(({ previousStatus, status }: any) => [previousStatus, status])).toEqual([
        [null, 'CREATED'],
        ['CREATED', 'PENDING'],
        ['PENDING', 'COMPLETED'],
      ]);
      expect(data[0]).toEqual({ status: 'CREATED', previousStatus: null, at: payout.createdAt });
      expect(data[2].at).toBe(payout.settledAt);
      const times = data.map(({ at }: any) => Date.parse(at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it('says why a transaction failed, in the words of its failureDetail', async () => {
      const { data } = (await historyOf(sandbox, failedPayout.id)).body;

      expect(data.map(({ status }: any) => status)).toEqual(['CREATED', 'PENDING', 'FAILED']);
      expect(data[2].reason).toBe(failedPayout.failureDetail);
    });
  });

  describe('GET /ledger/postings?transactionId=', () => {
    it("lists a payout's reservation, then its settlement with the fee, each balanced", async () => {
      const [reserve, settle] = await postings(payout.id);

      expect([reserve.kind, settle.kind]).toEqual(['RESERVE', 'SETTLE']);
      for (const posting of [reserve, settle]) {
        expect(totals(posting.entries)).toEqual({ USD: { DEBIT: 1_000 + FEE, CREDIT: 1_000 + FEE } });
      }
      // What left the customer's account is held in transit, then paid out less the platform's fee.
      expect(reserve.entries).toEqual([
        {
          accountId: customer.internalAccountId,
          accountKind: 'INTERNAL',
          direction: 'DEBIT',
          amount: 1_000 + FEE,
          currency: 'USD',
        },
        expect.objectContaining({ accountKind: 'IN_TRANSIT', direction: 'CREDIT' }),
      ]);
      const inTransit = reserve.entries[1].accountId;
      expect(
        settle.entries.map(({ accountKind, direction, amount }) => [accountKind, direction, amount]),
      ).toEqual([
        ['EXTERNAL_SETTLEMENT', 'CREDIT', 1_000],
        ['IN_TRANSIT', 'DEBIT', 1_000 + FEE],
        ['PLATFORM_FEES', 'CREDIT', FEE],
      ]);
      expect(settle.entries[1].accountId).toBe(inTransit);
      expect(Date.parse(reserve.postedAt)).toBeLessThanOrEqual(Date.parse(settle.postedAt));
    });

    it("lists a failed payout's reservation, then the release that gives the money back", async () => {
      const [reserve, release] = await postings(failedPayout.id);

      expect([reserve.kind, release.kind]).toEqual(['RESERVE', 'RELEASE']);
      expect(release.entries).toEqual([
        {
          accountId: customer.internalAccountId,
          accountKind: 'INTERNAL',
          direction: 'CREDIT',
          amount: 1_000 + FEE,
          currency: 'USD',
        },
        { ...reserve.entries[1], direction: 'DEBIT' },
      ]);
    });

    it("lists a deposit's one posting, into the customer's account", async () => {
      const [deposit, ...others] = await postings(funding.id);

      expect(others).toEqual([]);
      expect(deposit.kind).toBe('DEPOSIT');
      expect(deposit.entries).toContainEqual({
        accountId: customer.internalAccountId,
        accountKind: 'INTERNAL',
        direction: 'CREDIT',
        amount: 10_000,
        currency: 'USD',
      });
      expect(totals(deposit.entries)).toEqual({ USD: { DEBIT: 10_000, CREDIT: 10_000 } });
    });

    it('names the postings with the ids of the transactions report, in its order', async () => {
      const query = new URLSearchParams({ startDate, endDate: new Date().toISOString(), format: 'jsonl' });
      const report = await sandbox.get(`/reports/transactions?${query}`);
      expect(report.status).toBe(200);
      const lines = String(report.body)
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      for (const transaction of [funding, payout, failedPayout]) {
        const line = lines.find((candidate) => candidate.id === transaction.id);
        expect((await postings(transaction.id)).map(({ id }) => id)).toEqual(line.ledgerPostingIds);
      }
    });

    it('answers an empty list for a transaction that does not exist', async () => {
      const response = await postingsOf(sandbox, `Transaction:${randomUUID()}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: [] });
    });

    it.each([
      ['no transactionId', ''],
      ['an id that is not a transaction', `?transactionId=Quote:${randomUUID()}`],
      ['a malformed id', '?transactionId=not-an-id'],
      ['two ids', `?transactionId=Transaction:${randomUUID()}&transactionId=Transaction:${randomUUID()}`],
      ['an unknown filter', `?transactionId=Transaction:${randomUUID()}&accountId=x`],
    ])('answers 400 INVALID_INPUT for %s', async (_case, query) => {
      const response = await sandbox.get(`/ledger/postings${query}`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
    });
  });

  it("keeps environments and platforms apart: another's history is not found, its postings not listed", async () => {
    for (const client of [production, stranger]) {
      const history = await historyOf(client, payout.id);
      expect(history.status).toBe(404);
      expect(history.body.code).toBe('TRANSACTION_NOT_FOUND');
      const listed = await postingsOf(client, payout.id);
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({ data: [] });
    }
  });

  it.each([`Transaction:${randomUUID()}`, 'not-an-id', `Quote:${randomUUID()}`])(
    'answers 404 TRANSACTION_NOT_FOUND for the history of %s',
    async (id) => {
      const response = await historyOf(sandbox, id);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('TRANSACTION_NOT_FOUND');
    },
  );

  it('lets a VIEW-only token read both', async () => {
    for (const read of [historyOf, postingsOf]) {
      const [asViewer, asOwner] = await Promise.all([read(viewer, payout.id), read(sandbox, payout.id)]);
      expect(asViewer.status).toBe(200);
      expect(asViewer.body).toEqual(asOwner.body);
    }
  });
});
