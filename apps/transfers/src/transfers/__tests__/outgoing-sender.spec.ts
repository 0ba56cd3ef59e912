import { Environment, toApiId } from '@payments/contracts';
import { ApiException, Caller } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LedgerClient, Posting } from '@transfers/accounts/ledger.client';
import { ID, PLATFORM, transactionRow } from '@transfers/transactions/__tests__/transaction-row';
import { TransactionRows } from '@transfers/transactions/__tests__/transaction-rows';
import { Transaction } from '@transfers/transactions/transaction.entity';
import { NewTransaction, TransactionStore } from '@transfers/transactions/transaction.store';
import { OutgoingSender } from '@transfers/transfers/outgoing-sender';

const caller: Caller = {
  platformId: toApiId('Platform', PLATFORM),
  environment: Environment.Sandbox,
  requestId: 'req-1',
};
const SOURCE = 'InternalAccount:11111111-1111-4111-8111-111111111111';
const FUNDING = 'InternalAccount:44444444-4444-4444-8444-444444444444';
const RAIL = { answer: 'SETTLE' as const, delayMs: 500 };
const NOW = Date.parse('2026-11-25T10:00:00.000Z');
/** How young a CREATED transfer must be for a retry to finish it (RESUMABLE_CREATION_MS). */
const RESUMABLE_MS = 20_000;

const insufficientBalance = () =>
  new ApiException('INSUFFICIENT_BALANCE', 'The account balance is insufficient');

/** A transfer-out of 101.50 USD, 1.50 of it the platform's fee. */
const transfer = (changes: Partial<NewTransaction> = {}): NewTransaction => ({
  id: randomUUID(),
  platformId: PLATFORM,
  environment: Environment.Sandbox,
  type: 'OUTGOING',
  sourceType: 'ACCOUNT',
  sourceAccountId: SOURCE,
  sourceCurrency: 'USD',
  destinationAccountId: 'ExternalAccount:22222222-2222-4222-8222-222222222222',
  destinationCurrency: 'USD',
  customerId: 'Customer:33333333-3333-4333-8333-333333333333',
  platformCustomerId: 'cust-1',
  sentAmount: 10_150,
  receivedAmount: 10_000,
  reference: 'TR-0123456789ABCDEF',
  ...changes,
});

/** A transfer its first request wrote CREATED `ageMs` ago and did not finish. */
const leftCreated = (ageMs: number, changes: Partial<Transaction> = {}) =>
  transactionRow({ status: 'CREATED', createdAt: new Date(NOW - ageMs), ...changes });

describe('OutgoingSender', () => {
  const ledger = { post: jest.fn() };
  const dataSource = { manager: {} };
  let rows: TransactionRows;
  let sender: OutgoingSender;
  const postings = () => ledger.post.mock.calls.map(([, posting]: [Caller, Posting]) => posting);
  const statusOf = (id: string) => rows.row(id)?.status;

  beforeEach(() => {
    jest.resetAllMocks();
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
    rows = new TransactionRows();
    sender = new OutgoingSender(
      dataSource as unknown as DataSource,
      rows as unknown as TransactionStore,
      ledger as unknown as LedgerClient,
    );
  });

  afterAll(() => jest.restoreAllMocks());

  describe('a new transfer', () => {
    it('is written CREATED, then its sent amount reserved from the source, then turned PENDING', async () => {
      const created = transfer();
      const statusAtReserve: (string | undefined)[] = [];
      ledger.post.mockImplementation(async () => statusAtReserve.push(statusOf(created.id)));

      const answer = await sender.send(caller, created, RAIL);

      expect(statusAtReserve).toEqual(['CREATED']);
      expect(postings()).toEqual([
        {
          transactionId: toApiId('Transaction', created.id),
          kind: 'RESERVE',
          accountId: SOURCE,
          amount: 10_150,
          currency: 'USD',
        },
      ]);
      expect(answer).toMatchObject({ id: toApiId('Transaction', created.id), status: 'PENDING' });
      expect(rows.applied).toEqual([
        { id: created.id, from: 'CREATED', to: 'PENDING', reason: 'Funds reserved', requestId: 'req-1' },
      ]);
      // The settlement worker first looks after a minute: long after this request has ended.
      expect(rows.rails.get(created.id)).toEqual({ ...RAIL, firstLookInMs: 60_000 });
    });

    it('reserves from the funding account when the money is held elsewhere than the source', async () => {
      await sender.send(caller, transfer({ fundingAccountId: FUNDING }), RAIL);
      expect(postings().map((posting) => posting.accountId)).toEqual([FUNDING]);
    });

    it('with depositFirst, credits the arrived money to the same account before reserving it', async () => {
      const created = transfer({ sourceAccountId: null, fundingAccountId: FUNDING });
      await sender.send(caller, created, RAIL, { depositFirst: true });
      expect(postings()).toEqual([
        expect.objectContaining({ kind: 'DEPOSIT', accountId: FUNDING, amount: 10_150 }),
        expect.objectContaining({ kind: 'RESERVE', accountId: FUNDING, amount: 10_150 }),
      ]);
      expect(statusOf(created.id)).toBe('PENDING');
    });

    it('deletes the row and rethrows when the ledger refuses the reserve, so a 4xx leaves nothing', async () => {
      const created = transfer();
      const refusal = insufficientBalance();
      ledger.post.mockRejectedValue(refusal);

      await expect(sender.send(caller, created, RAIL)).rejects.toBe(refusal);
      expect(rows.row(created.id)).toBeUndefined();
      expect(rows.applied).toEqual([]);
    });

    it('reserves nothing after a refused deposit, and deletes the row', async () => {
      const created = transfer({ fundingAccountId: FUNDING });
      ledger.post.mockRejectedValueOnce(new ApiException('INVALID_CURRENCY', 'Account holds EUR'));

      await expect(sender.send(caller, created, RAIL, { depositFirst: true })).rejects.toMatchObject({
        code: 'INVALID_CURRENCY',
      });
      expect(postings().map((posting) => posting.kind)).toEqual(['DEPOSIT']);
      expect(rows.row(created.id)).toBeUndefined();
    });

    it.each([
      ['the ledger failed', ApiException.retryLater('SERVICE_UNAVAILABLE', 'ledger down')],
      ['no answer came', new Error('socket hang up')],
    ])('keeps the row CREATED for the settlement worker when %s', async (_case, failure) => {
      const created = transfer();
      ledger.post.mockRejectedValue(failure);

      await expect(sender.send(caller, created, RAIL)).rejects.toBe(failure);
      expect(statusOf(created.id)).toBe('CREATED');
    });

    it('answers the transfer as it ended when the worker abandoned it while the reserve ran', async () => {
      const created = transfer();
      ledger.post.mockImplementation(async () =>
        rows.put({ ...rows.row(created.id)!, status: 'FAILED', failureReason: 'OFFRAMP_FAILED' }),
      );

      expect(await sender.send(caller, created, RAIL)).toMatchObject({
        status: 'FAILED',
        failureReason: 'OFFRAMP_FAILED',
      });
      expect(rows.applied).toEqual([]);
    });

    it('answers 503 with Retry-After when the transfer cannot be confirmed after its reserve', async () => {
      const created = transfer();
      ledger.post.mockImplementation(() => rows.discardCreated(undefined, created.id));

      await expect(sender.send(caller, created, RAIL)).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        retryAfterSeconds: 1,
      });
    });
  });

  describe('a retry that finds its transfer written', () => {
    it('answers a transfer past CREATED as it stands, without calling the ledger again', async () => {
      const created = transfer();
      const first = await sender.send(caller, created, RAIL);
      const again = await sender.send(caller, created, RAIL);
      expect(again).toEqual(first);
      expect(ledger.post).toHaveBeenCalledTimes(1);

      rows.put(transactionRow({ status: 'COMPLETED' }));
      expect(await sender.answerExisting(caller, rows.row(ID)!)).toMatchObject({ status: 'COMPLETED' });
      expect(ledger.post).toHaveBeenCalledTimes(1);
    });

    it('finishes a young CREATED transfer: reserves what the row says, then turns it PENDING', async () => {
      rows.put(leftCreated(RESUMABLE_MS, { sentAmount: '12550', fundingAccountId: FUNDING }));

      expect(await sender.answerExisting(caller, rows.row(ID)!)).toMatchObject({ status: 'PENDING' });
      expect(postings()).toEqual([
        {
          transactionId: toApiId('Transaction', ID),
          kind: 'RESERVE',
          accountId: FUNDING,
          amount: 12_550,
          currency: 'USD',
        },
      ]);
      expect(statusOf(ID)).toBe('PENDING');
    });

    it('deposits again before reserving when the first request had depositFirst', async () => {
      rows.put(leftCreated(1_000));
      await sender.send(caller, transfer({ id: ID }), RAIL, { depositFirst: true });
      expect(postings().map((posting) => posting.kind)).toEqual(['DEPOSIT', 'RESERVE']);
    });

    it('answers 409 with Retry-After when a concurrent first request was refused and took its row back', async () => {
      const created = transfer();
      jest.spyOn(rows, 'insertCommitted').mockResolvedValueOnce(false);

      await expect(sender.send(caller, created, RAIL)).rejects.toMatchObject({
        code: 'CONFLICT',
        retryAfterSeconds: 1,
      });
      expect(ledger.post).not.toHaveBeenCalled();
    });

    it('answers 409 with Retry-After for an older CREATED transfer, leaving it to the settlement worker', async () => {
      rows.put(leftCreated(RESUMABLE_MS + 1));

      await expect(sender.send(caller, transfer({ id: ID }), RAIL)).rejects.toMatchObject({
        code: 'CONFLICT',
        status: 409,
        retryAfterSeconds: 5,
      });
      expect(ledger.post).not.toHaveBeenCalled();
      expect(statusOf(ID)).toBe('CREATED');
    });
  });
});
