import {
  ApiClient,
  ApiResponse,
  clabeAccount,
  e2eStack,
  fund,
  FundedCustomer,
  newCustomer,
  newPlatformClients,
  settled,
  supportedCurrency,
  usBankAccount,
} from '@payments/testing';
import { randomUUID } from 'node:crypto';

const ROUNDS = 4;
const PER_ROUND = 6;

/**
 * Platform A's malformed and refused requests sent at the same moment as platform B's valid ones,
 * on every path whose statements and internal calls are shared by concurrent requests: quotes
 * (insert, read, claim), transfers (insert, status moves, ledger postings, fee questions), the
 * gateway's idempotency records and the dispatcher's webhook enqueue.
 */
describe("one platform's bad requests beside another's good ones", () => {
  const api = new ApiClient(`${e2eStack().gatewayUrl}/2025-10-13`);
  let a: ApiClient;
  let b: ApiClient;
  let customerA: FundedCustomer;
  let customerB: FundedCustomer;
  let accountA: string;
  let accountB: string;
  let clabeB = '';

  beforeAll(async () => {
    a = newPlatformClients(api).sandbox;
    b = newPlatformClients(api).sandbox;
    [customerA, customerB] = await Promise.all([newCustomer(a, 'hostile'), newCustomer(b, 'innocent')]);
    await Promise.all([
      fund(a, customerA.internalAccountId, 100),
      fund(b, customerB.internalAccountId, 1_000_000),
    ]);
    [accountA, accountB] = await Promise.all([
      usBankAccount(a, customerA.customerId),
      usBankAccount(b, customerB.customerId),
    ]);
    expect(
      (
        await b.patch('/config', {
          supportedCurrencies: [supportedCurrency('USD'), supportedCurrency('MXN')],
        })
      ).status,
    ).toBe(200);
    clabeB = await clabeAccount(b, customerB.customerId);
  });

  const quoteBody = (client: FundedCustomer, accountId: string, extra: Record<string, unknown> = {}) => ({
    source: { sourceType: 'ACCOUNT', accountId: client.internalAccountId },
    destination: { destinationType: 'ACCOUNT', accountId },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 1_000,
    ...extra,
  });
  const transferBody = (
    client: FundedCustomer,
    accountId: string,
    amount: number,
    extra: Record<string, unknown> = {},
  ) => ({
    source: { accountId: client.internalAccountId },
    destination: { accountId },
    amount,
    ...extra,
  });

  function hostileRequests(round: number): Promise<ApiResponse>[] {
    const key = { headers: { 'Idempotency-Key': randomUUID() } };
    return [
      a.post(
        '/transfer-out',
        transferBody(customerA, accountA, 100, { description: `bad\u0000${round}` }),
        key,
      ),
      a.post('/transfer-out', transferBody(customerA, accountA, 50_000_000), key),
      a.post('/transfer-out', transferBody(customerA, `ExternalAccount:${randomUUID()}`, 100)),
      a.post('/quotes', quoteBody(customerA, accountA, { description: 'bad\ud800' })),
      a.post('/quotes', undefined, {
        rawBody: JSON.stringify(quoteBody(customerA, accountA)).replace(
          '"lockedCurrencyAmount":1000',
          '"lockedCurrencyAmount":1e309',
        ),
      }),
      a.post('/quotes', quoteBody(customerA, `ExternalAccount:${randomUUID()}`)),
      a.get(`/quotes/Quote:${randomUUID()}`),
      a.post(`/quotes/Quote:${randomUUID()}/execute`, {}, { headers: { 'Idempotency-Key': randomUUID() } }),
    ];
  }

  async function quoteAndExecute(): Promise<number[]> {
    const created = await b.post('/quotes', quoteBody(customerB, clabeB), {
      headers: { 'Idempotency-Key': randomUUID() },
    });
    const read = await b.get(`/quotes/${created.body.quoteId}`);
    const executed = await b.post(
      `/quotes/${created.body.quoteId}/execute`,
      {},
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    return [created.status, read.status, executed.status];
  }

  it("answers every one of B's requests while A's fail alone, each with a 4xx", async () => {
    const transfers: ApiResponse[] = [];
    const quotes: number[][] = [];
    const refusals: ApiResponse[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const innocent = Array.from({ length: PER_ROUND }, () =>
        b.post('/transfer-out', transferBody(customerB, accountB, 100), {
          headers: { 'Idempotency-Key': randomUUID() },
        }),
      );
      const innocentQuotes = Array.from({ length: PER_ROUND / 2 }, quoteAndExecute);
      const [sent, quoted, refused] = await Promise.all([
        Promise.all(innocent),
        Promise.all(innocentQuotes),
        Promise.all(hostileRequests(round)),
      ]);
      transfers.push(...sent);
      quotes.push(...quoted);
      refusals.push(...refused);
    }

    expect(transfers.map((response) => response.status)).toEqual(Array(ROUNDS * PER_ROUND).fill(201));
    expect(quotes).toEqual(Array((ROUNDS * PER_ROUND) / 2).fill([201, 200, 200]));
    for (const refusal of refusals) {
      expect(refusal.status).toBeGreaterThanOrEqual(400);
      expect(refusal.status).toBeLessThan(500);
    }
    const outcomes = await Promise.all(transfers.map((response) => settled(b, response.body.id)));
    expect(outcomes.map((transaction) => transaction.status)).toEqual(
      Array(ROUNDS * PER_ROUND).fill('COMPLETED'),
    );
  });
});
