import { Environment } from '@payments/contracts';
import { ApiClient } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import {
  LedgerCaller,
  postingBody,
  postingsE2e,
  statuses,
} from '@ledger/postings/__tests__/postings-e2e-kit';

describe('ledger internal API: postings', () => {
  const postings = postingsE2e();
  const { newAccount, fundedAccount, balanceOf } = postings;
  let platformId: string, sandbox: ApiClient, ledger: LedgerCaller;
  beforeAll(() => void ({ platformId, sandbox, ledger } = postings));

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
});
