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

const idsOf = (page: { data: { id: string }[] }) => page.data.map((transaction) => transaction.id);

describe('listing and reading transactions', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let sandbox: ApiClient;
  let production: ApiClient;
  let alice: FundedCustomer;
  let bob: FundedCustomer;
  let aliceBank: string;
  /** Every transaction of the platform, oldest first. */
  let all: any[];
  let aliceFunding: any;
  let payout: any;
  let failedPayout: any;
  let bobFunding: any;

  async function list(query: string): Promise<any> {
    const response = await sandbox.get(`/transactions${query}`);
    expect(response.status).toBe(200);
    return response.body;
  }

  beforeAll(async () => {
    ({ sandbox, production } = newPlatformClients(api));
    [alice, bob] = await Promise.all([newCustomer(sandbox, 'alice'), newCustomer(sandbox, 'bob')]);
    aliceBank = await usBankAccount(sandbox, alice.customerId);
    const closedBank = await usBankAccount(sandbox, alice.customerId, '003');
    aliceFunding = await fund(sandbox, alice.internalAccountId, 10_000);
    const payOut = (destination: string) =>
      sandbox.post('/transfer-out', {
        source: { accountId: alice.internalAccountId },
        destination: { accountId: destination },
        amount: 1_000,
      });
    payout = await settled(sandbox, (await payOut(aliceBank)).body.id);
    failedPayout = await settled(sandbox, (await payOut(closedBank)).body.id);
    bobFunding = await fund(sandbox, bob.internalAccountId, 20_000);
    all = [aliceFunding, payout, failedPayout, bobFunding];
  });

  it('reads one transaction as it was listed', async () => {
    const response = await sandbox.get(`/transactions/${payout.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(payout);
  });

  it('lists newest first with the envelope, and oldest first with sortOrder=asc', async () => {
    const newest = await list('');
    expect(newest).toMatchObject({ totalCount: 4, hasMore: false });
    expect(newest).not.toHaveProperty('nextCursor');
    expect(idsOf(newest)).toEqual(idsOf({ data: [...all].reverse() }));
    expect(idsOf(await list('?sortOrder=asc'))).toEqual(idsOf({ data: all }));
    expect(idsOf(await list('?sortOrder=desc'))).toEqual(idsOf(newest));
  });

  it.each(['desc', 'asc'])(
    'pages through everything with a cursor (%s), each item once',
    async (sortOrder) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(
          `?limit=3&sortOrder=${sortOrder}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.totalCount).toBe(4);
        expect(page.data.length).toBeLessThanOrEqual(3);
        seen.push(...idsOf(page));
        expect(page.hasMore).toBe(page.nextCursor !== undefined);
        cursor = page.nextCursor;
      } while (cursor);
      const expected = idsOf({ data: all });
      expect(seen).toEqual(sortOrder === 'asc' ? expected : expected.reverse());
    },
  );

  it.each([
    ['customerId', () => alice.customerId, () => [aliceFunding, payout, failedPayout]],
    ['platformCustomerId', () => bob.platformCustomerId, () => [bobFunding]],
    ['senderAccountIdentifier', () => alice.internalAccountId, () => [payout, failedPayout]],
    ['receiverAccountIdentifier', () => aliceBank, () => [payout]],
    ['receiverAccountIdentifier', () => bob.internalAccountId, () => [bobFunding]],
    ['status', () => 'FAILED', () => [failedPayout]],
    ['status', () => 'COMPLETED', () => [aliceFunding, payout, bobFunding]],
    ['type', () => 'INCOMING', () => [aliceFunding, bobFunding]],
    ['type', () => 'OUTGOING', () => [payout, failedPayout]],
    ['reference', () => payout.reconciliationInstructions.reference, () => [payout]],
  ])('filters by %s', async (filter, value, expected) => {
    const page = await list(`?sortOrder=asc&${filter}=${encodeURIComponent(value())}`);
    expect(idsOf(page)).toEqual(idsOf({ data: expected() }));
    expect(page.totalCount).toBe(expected().length);
  });

  it('combines filters', async () => {
    const page = await list(`?customerId=${alice.customerId}&type=OUTGOING&status=COMPLETED`);
    expect(idsOf(page)).toEqual([payout.id]);
  });

  it('bounds the creation time inclusively with startDate and endDate', async () => {
    const exactly = await list(`?startDate=${payout.createdAt}&endDate=${payout.createdAt}`);
    expect(idsOf(exactly)).toEqual([payout.id]);
    const fromPayout = await list(`?sortOrder=asc&startDate=${payout.createdAt}`);
    expect(idsOf(fromPayout)).toEqual(idsOf({ data: [payout, failedPayout, bobFunding] }));
    const untilPayout = await list(`?sortOrder=asc&endDate=${payout.createdAt}`);
    expect(idsOf(untilPayout)).toEqual(idsOf({ data: [aliceFunding, payout] }));
  });

  it.each([
    ['limit=0'],
    ['limit=101'],
    ['cursor=not-a-cursor'],
    ['status=DONE'],
    ['type=SIDEWAYS'],
    ['sortOrder=up'],
    ['startDate=yesterday'],
    ['unknownFilter=1'],
  ])('answers 400 INVALID_INPUT for %s', async (query) => {
    const response = await sandbox.get(`/transactions?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
  });

  it("keeps environments and platforms apart: another's transaction is not found", async () => {
    const other = newPlatformClients(api).sandbox;
    for (const client of [production, other]) {
      expect((await client.get('/transactions')).body.totalCount).toBe(0);
      const response = await client.get(`/transactions/${payout.id}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('TRANSACTION_NOT_FOUND');
    }
  });

  it.each([`Transaction:${randomUUID()}`, 'not-an-id', `Quote:${randomUUID()}`])(
    'answers 404 TRANSACTION_NOT_FOUND for %s',
    async (id) => {
      const response = await sandbox.get(`/transactions/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('TRANSACTION_NOT_FOUND');
    },
  );
});
