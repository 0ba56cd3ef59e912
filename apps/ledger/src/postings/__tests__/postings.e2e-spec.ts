import { Environment } from '@payments/contracts';
import {
  ApiClient,
  ApiResponse,
  e2eStack,
  eventually,
  InternalCaller,
  newPlatformClients,
} from '@payments/testing';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PostingKind } from '@ledger/postings/posting-rules';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..', '..');

/** Calls the ledger's internal API directly, as the transfers app does, with a caller assertion. */
class LedgerCaller {
  private readonly client: ApiClient;

  constructor(
    private readonly url: string,
    private readonly platformId: string,
    private readonly environment: Environment = Environment.Sandbox,
  ) {
    this.client = InternalCaller.ofStack('transfers').client('ledger', url, { platformId, environment });
  }

  /** The same API called for another platform or environment. */
  as(platformId: string, environment = this.environment): LedgerCaller {
    return new LedgerCaller(this.url, platformId, environment);
  }

  account(accountId: string): Promise<ApiResponse> {
    return this.client.get(`/internal/accounts/${accountId}`);
  }

  /** One posting, sent as a batch of one and answered as its result: its status and posting or error. */
  async post(body: object): Promise<ApiResponse> {
    const response = await this.postAll([body]);
    if (response.status !== 200) return response;
    const [result] = response.body.results;
    return { ...response, status: result.status, body: result.posting ?? result.error };
  }

  postAll(postings: object[]): Promise<ApiResponse> {
    return this.client.post('/internal/postings/batch', { postings });
  }
}

/** A DEPOSIT of 100 USD under a new transaction id, unless `fields` say otherwise. */
function postingBody(accountId: string, fields: object = {}) {
  return {
    transactionId: `Transaction:${randomUUID()}`,
    kind: 'DEPOSIT',
    accountId,
    amount: 100,
    currency: 'USD',
    ...fields,
  };
}

function statuses(responses: ApiResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('ledger internal API: accounts and postings', () => {
  const stack = e2eStack();
  const api = new ApiClient(`${stack.gatewayUrl}/2025-10-13`);
  let platformId: string;
  let sandbox: ApiClient;
  let ledger: LedgerCaller;

  beforeAll(() => {
    ({ platformId, sandbox } = newPlatformClients(api));
    ledger = new LedgerCaller(stack.appUrls.ledger, platformId);
  });

  /** A new customer's USD internal account, opened by the ledger from the customer.created event. */
  async function newAccount(): Promise<{
    accountId: string;
    customerId: string;
    platformCustomerId: string;
  }> {
    const platformCustomerId = `ledger-${randomUUID().slice(0, 8)}`;
    const customer = await sandbox.post('/customers', {
      platformCustomerId,
      customerType: 'INDIVIDUAL',
      fullName: 'Ada Lovelace',
      birthDate: '1985-12-10',
    });
    expect(customer.status).toBe(201);
    const accountId = await eventually(async () => {
      const page = await sandbox.get(
        `/customers/internal-accounts?customerId=${customer.body.id}&currency=USD`,
      );
      return page.body.data[0]?.id as string | undefined;
    });
    return { accountId, customerId: customer.body.id, platformCustomerId };
  }

  /** A new account holding `amount`, and a helper that posts to it. */
  async function fundedAccount(amount: number) {
    const { accountId } = await newAccount();
    const post = (kind: PostingKind, transactionId: string, postAmount: number) =>
      ledger.post(postingBody(accountId, { transactionId, kind, amount: postAmount }));
    if (amount > 0) expect((await post('DEPOSIT', `Transaction:${randomUUID()}`, amount)).status).toBe(201);
    return { accountId, post };
  }

  const balanceOf = async (accountId: string) => (await ledger.account(accountId)).body.balance;

  describe('GET /internal/accounts/:accountId', () => {
    it("shows a customer's account with its owner, currency and balance", async () => {
      const { accountId, customerId, platformCustomerId } = await newAccount();
      const response = await ledger.account(accountId);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: accountId,
        customerId,
        platformCustomerId,
        currency: 'USD',
        balance: 0,
      });
    });

    it("shows the platform's own account without a customer", async () => {
      const platformAccountId = await eventually(
        async () => (await sandbox.get('/platform/internal-accounts')).body.data[0]?.id,
      );
      expect((await ledger.account(platformAccountId)).body).toEqual({
        id: platformAccountId,
        customerId: null,
        platformCustomerId: null,
        currency: 'USD',
        balance: 0,
      });
    });

    it("answers 404 ACCOUNT_NOT_FOUND for unknown ids and for another platform's or environment's account", async () => {
      const { accountId } = await newAccount();
      const notFound = [
        await ledger.account(`InternalAccount:${randomUUID()}`),
        await ledger.account('InternalAccount:not-a-uuid'),
        await ledger.account(accountId.replace('InternalAccount:', 'ExternalAccount:')),
        await ledger.as(`Platform:${randomUUID()}`).account(accountId),
        await ledger.as(platformId, Environment.Production).account(accountId),
      ];
      for (const response of notFound)
        expect(response.body).toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
    });

    it('refuses a call without a caller assertion', async () => {
      const { accountId } = await newAccount();
      const response = await new ApiClient(stack.appUrls.ledger).get(`/internal/accounts/${accountId}`);
      expect(response.body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    });

    it('is not reachable through the gateway', async () => {
      const { accountId } = await newAccount();
      expect((await sandbox.get(`/internal/accounts/${accountId}`)).status).toBe(404);
    });
  });

  describe('POST /internal/postings/batch, one posting at a time', () => {
    it('deposits from outside the service and shows the balance everywhere', async () => {
      const { accountId, post } = await fundedAccount(0);
      const transactionId = `Transaction:${randomUUID()}`;

      const deposit = await post('DEPOSIT', transactionId, 12_345);
      expect(deposit.status).toBe(201);
      expect(deposit.body).toEqual({
        postingId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        transactionId,
        kind: 'DEPOSIT',
        balance: 12_345,
      });
      expect(await balanceOf(accountId)).toBe(12_345);
      const listed = await sandbox.get(`/customers/internal-accounts?currency=USD&limit=100`);
      expect(
        listed.body.data.find((account: { id: string }) => account.id === accountId).balance.amount,
      ).toBe(12_345);
    });

    it.each([
      ['settles an outgoing transfer', 'SETTLE', 'RELEASE', 600],
      ['releases a failed transfer', 'RELEASE', 'SETTLE', 1_000],
    ] as const)('reserves and %s, which then cannot be undone', async (_case, closing, other, balance) => {
      const { accountId, post } = await fundedAccount(1_000);
      const transactionId = `Transaction:${randomUUID()}`;

      expect((await post('RESERVE', transactionId, 400)).body).toMatchObject({
        kind: 'RESERVE',
        balance: 600,
      });
      const closed = await post(closing, transactionId, 400);
      expect(closed.status).toBe(201);
      expect(closed.body).toMatchObject({ transactionId, kind: closing, balance });

      expect((await post(other, transactionId, 400)).body).toMatchObject({ status: 409, code: 'CONFLICT' });
      expect(await balanceOf(accountId)).toBe(balance);
    });

    it('answers a repeated (transactionId, kind) with 200 and the first result, moving nothing', async () => {
      const { accountId, post } = await fundedAccount(1_000);
      const transactionId = `Transaction:${randomUUID()}`;
      const reserve = await post('RESERVE', transactionId, 300);
      const settle = await post('SETTLE', transactionId, 300);
      await post('DEPOSIT', `Transaction:${randomUUID()}`, 50);

      const reserveAgain = await post('RESERVE', transactionId, 300);
      const settleAgain = await post('SETTLE', transactionId, 300);
      expect(reserveAgain.status).toBe(200);
      expect(reserveAgain.body).toEqual(reserve.body);
      expect(settleAgain.status).toBe(200);
      expect(settleAgain.body).toEqual(settle.body);
      expect(await balanceOf(accountId)).toBe(750);
    });

    it('moves money once when the same posting arrives many times at once', async () => {
      const { accountId, post } = await fundedAccount(0);
      const transactionId = `Transaction:${randomUUID()}`;

      const responses = await Promise.all(
        Array.from({ length: 20 }, () => post('DEPOSIT', transactionId, 500)),
      );
      expect(statuses(responses)).toEqual({ 201: 1, 200: 19 });
      expect(new Set(responses.map((response) => response.body.postingId)).size).toBe(1);
      expect(responses.every((response) => response.body.balance === 500)).toBe(true);
      expect(await balanceOf(accountId)).toBe(500);
    });

    it('never reserves more than the balance under concurrent reserves', async () => {
      const { accountId, post } = await fundedAccount(100);

      const responses = await Promise.all(
        Array.from({ length: 20 }, () => post('RESERVE', `Transaction:${randomUUID()}`, 10)),
      );
      expect(statuses(responses)).toEqual({ 201: 10, 422: 10 });
      for (const refused of responses.filter((response) => response.status === 422)) {
        expect(refused.body.code).toBe('INSUFFICIENT_BALANCE');
      }
      // Each success saw the one before it: the balances it reports are 90, 80, ..., 0.
      const balances = responses
        .filter((response) => response.status === 201)
        .map((response) => response.body.balance);
      expect(balances.sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
      expect(await balanceOf(accountId)).toBe(0);
    });

    it('lets only one of a concurrent SETTLE and RELEASE close a reservation', async () => {
      const { accountId, post } = await fundedAccount(1_000);
      const transactionIds = Array.from({ length: 10 }, () => `Transaction:${randomUUID()}`);
      for (const transactionId of transactionIds)
        expect((await post('RESERVE', transactionId, 100)).status).toBe(201);

      const closings = await Promise.all(
        transactionIds.flatMap((transactionId) => [
          post('SETTLE', transactionId, 100),
          post('RELEASE', transactionId, 100),
        ]),
      );
      expect(statuses(closings)).toEqual({ 201: 10, 409: 10 });
      const released = closings.filter(
        (response) => response.status === 201 && response.body.kind === 'RELEASE',
      ).length;
      expect(await balanceOf(accountId)).toBe(100 * released);
    });

    it('refuses a reservation the balance does not cover, moving nothing', async () => {
      const { accountId, post } = await fundedAccount(100);
      const refused = await post('RESERVE', `Transaction:${randomUUID()}`, 101);
      expect(refused.body).toMatchObject({ status: 422, code: 'INSUFFICIENT_BALANCE' });
      expect(await balanceOf(accountId)).toBe(100);
    });

    it('refuses to settle or release without a matching open reservation', async () => {
      const { accountId, post } = await fundedAccount(1_000);
      const other = await fundedAccount(1_000);
      const transactionId = `Transaction:${randomUUID()}`;

      expect((await post('SETTLE', `Transaction:${randomUUID()}`, 100)).body.code).toBe('CONFLICT');
      expect((await post('RELEASE', `Transaction:${randomUUID()}`, 100)).body.code).toBe('CONFLICT');
      await post('RESERVE', transactionId, 100);
      expect((await post('SETTLE', transactionId, 99)).body.code).toBe('CONFLICT');
      expect((await other.post('RELEASE', transactionId, 100)).body.code).toBe('CONFLICT');
      expect(await balanceOf(accountId)).toBe(900);
      expect(await balanceOf(other.accountId)).toBe(1_000);
      // The refused attempts claimed nothing: the right one still closes the reservation.
      expect((await post('SETTLE', transactionId, 100)).status).toBe(201);
    });

    it('refuses the same (transactionId, kind) with other terms', async () => {
      const { post } = await fundedAccount(1_000);
      const other = await fundedAccount(1_000);
      const transactionId = `Transaction:${randomUUID()}`;
      await post('RESERVE', transactionId, 100);

      expect((await post('RESERVE', transactionId, 200)).body).toMatchObject({
        status: 409,
        code: 'CONFLICT',
      });
      expect((await other.post('RESERVE', transactionId, 100)).body).toMatchObject({
        status: 409,
        code: 'CONFLICT',
      });
      expect(await balanceOf(other.accountId)).toBe(1_000);
    });

    it("keeps platforms and environments apart: another's account is not found and nothing moves", async () => {
      const { accountId } = await fundedAccount(100);
      const body = postingBody(accountId, { kind: 'RESERVE', amount: 10 });

      expect((await ledger.as(`Platform:${randomUUID()}`).post(body)).body).toMatchObject({
        status: 404,
        code: 'ACCOUNT_NOT_FOUND',
      });
      expect((await ledger.as(platformId, Environment.Production).post(body)).body.code).toBe(
        'ACCOUNT_NOT_FOUND',
      );
      expect(await balanceOf(accountId)).toBe(100);
    });

    it('refuses another currency than the account holds', async () => {
      const { accountId, post } = await fundedAccount(100);
      const response = await ledger.post(postingBody(accountId, { currency: 'EUR' }));
      expect(response.body).toMatchObject({ status: 400, code: 'INVALID_CURRENCY' });
      expect((await post('DEPOSIT', `Transaction:${randomUUID()}`, 1)).body.balance).toBe(101);
    });

    it.each([
      ['a zero amount', { amount: 0 }],
      ['a fractional amount', { amount: 1.5 }],
      ['an amount as a string', { amount: '100' }],
      ['an amount above 9000000000000000', { amount: 9_000_000_000_000_001 }],
      ['an unknown kind', { kind: 'REFUND' }],
      ['an unknown currency', { currency: 'ZZZ' }],
      ['an empty transactionId', { transactionId: '' }],
      ['an unknown field', { memo: 'hello' }],
    ])('refuses %s with 400 INVALID_INPUT', async (_case, change) => {
      const { accountId } = await newAccount();
      expect((await ledger.post(postingBody(accountId, change))).body).toMatchObject({
        status: 400,
        code: 'INVALID_INPUT',
      });
    });

    it('accepts the largest amount, but no balance beyond 2^53 - 1', async () => {
      const { post } = await fundedAccount(0);
      const deposit = await post('DEPOSIT', `Transaction:${randomUUID()}`, 9_000_000_000_000_000);
      expect(deposit.body).toMatchObject({ balance: 9_000_000_000_000_000 });
      expect(
        (await post('DEPOSIT', `Transaction:${randomUUID()}`, 9_000_000_000_000_000)).body,
      ).toMatchObject({
        status: 400,
        code: 'AMOUNT_OUT_OF_RANGE',
      });
    });
  });

  describe('POST /internal/postings/batch', () => {
    const statusesOf = (response: ApiResponse) =>
      response.body.results.map((result: { status: number }) => result.status);

    it('applies postings in their order, each seeing the balance the earlier left, each refused on its own', async () => {
      const { accountId } = await fundedAccount(1_000);
      const [first, second, third] = Array.from({ length: 3 }, () => `Transaction:${randomUUID()}`);
      const at = (kind: PostingKind, transactionId: string, amount: number, fields: object = {}) =>
        postingBody(accountId, { kind, transactionId, amount, ...fields });

      const response = await ledger.postAll([
        at('RESERVE', first, 600),
        at('RESERVE', second, 600),
        at('SETTLE', first, 600),
        at('DEPOSIT', third, 50),
        at('DEPOSIT', `Transaction:${randomUUID()}`, 1, { accountId: `InternalAccount:${randomUUID()}` }),
        at('RESERVE', first, 600),
        at('RELEASE', first, 600),
        at('DEPOSIT', third, 70),
      ]);
      expect(response.status).toBe(200);
      expect(statusesOf(response)).toEqual([201, 422, 201, 201, 404, 200, 409, 409]);
      const [reserved, refused, settled, deposited, unknown, replayed] = response.body.results;
      expect(reserved.posting).toMatchObject({ transactionId: first, kind: 'RESERVE', balance: 400 });
      expect(refused.error).toMatchObject({ status: 422, code: 'INSUFFICIENT_BALANCE' });
      expect(settled.posting).toMatchObject({ kind: 'SETTLE', balance: 400 });
      expect(deposited.posting).toMatchObject({ kind: 'DEPOSIT', balance: 450 });
      expect(unknown.error.code).toBe('ACCOUNT_NOT_FOUND');
      expect(replayed.posting).toEqual(reserved.posting);
      expect(await balanceOf(accountId)).toBe(450);

      const again = await ledger.postAll([at('RESERVE', first, 600), at('SETTLE', first, 600)]);
      expect(statusesOf(again)).toEqual([200, 200]);
      expect(await balanceOf(accountId)).toBe(450);
    });

    it('never reserves more than the balance when batches and single postings race', async () => {
      const { accountId, post } = await fundedAccount(100);
      const reserve = () => postingBody(accountId, { kind: 'RESERVE', amount: 10 });

      const [batches, singles] = await Promise.all([
        Promise.all(Array.from({ length: 5 }, () => ledger.postAll([reserve(), reserve(), reserve()]))),
        Promise.all(Array.from({ length: 5 }, () => post('RESERVE', `Transaction:${randomUUID()}`, 10))),
      ]);
      const all = [...batches.flatMap(statusesOf), ...singles.map((response) => response.status)];
      expect(all.filter((status) => status === 201)).toHaveLength(10);
      expect(all.filter((status) => status === 422)).toHaveLength(10);
      expect(await balanceOf(accountId)).toBe(0);
    });

    it.each([
      ['no postings', []],
      [
        'more than 500 postings',
        Array.from({ length: 501 }, () => postingBody(`InternalAccount:${randomUUID()}`)),
      ],
      ['an invalid posting', [postingBody(`InternalAccount:${randomUUID()}`, { amount: 0 })]],
    ])('refuses %s with 400 INVALID_INPUT, moving nothing', async (_case, postings) => {
      expect((await ledger.postAll(postings)).body).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
    });
  });

  it('leaves a ledger that npm run ledger:check finds consistent', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(REPO_ROOT, 'scripts', 'ledger-check.mjs')],
      {
        env: { ...process.env, DATABASE_URL: stack.databaseUrl },
      },
    );
    expect(stdout).toContain('ledger check passed');
    expect(stdout).not.toContain('FAIL');
  });
});
