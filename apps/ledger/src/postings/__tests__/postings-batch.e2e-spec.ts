import { ApiResponse, runLedgerCheck } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { PostingKind } from '@ledger/postings/posting-rules';
import { LedgerCaller, postingBody, postingsE2e } from '@ledger/postings/__tests__/postings-e2e-kit';

describe('ledger internal API: postings in batches, and the ledger they leave', () => {
  const postings = postingsE2e();
  const { stack, fundedAccount, balanceOf } = postings;
  let ledger: LedgerCaller;
  beforeAll(() => void ({ ledger } = postings));

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
    const stdout = await runLedgerCheck(stack.databaseUrl);
    expect(stdout).toContain('ledger check passed');
    expect(stdout).not.toContain('FAIL');
  });
});
