import { ConfigService } from '@nestjs/config';
import { Caller } from '@payments/http';
import { Outbox } from '@payments/persistence';
import { eventually, MigratedDatabase } from '@payments/testing';
import { DataSource } from 'typeorm';
import { LedgerClient, Posting } from '@transfers/accounts/ledger.client';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { ManualRail } from '@transfers/rails/__tests__/manual-rail';
import { RailAttemptsStore } from '@transfers/rails/rail-attempts.store';
import { SettlementRecorder } from '@transfers/rails/settlement-recorder';
import { SettlementWorker } from '@transfers/rails/settlement.worker';
import { newTransferOut } from '@transfers/transactions/__tests__/new-transfer-out';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { TransfersEnvironment } from '@transfers/transfers.environment';

jest.setTimeout(30_000);

/**
 * The rail seam (rails/rail.ts) with a rail that answers later: the settlement worker, on a real
 * database, keeps a payment PENDING while its rail has no answer and moves it, with its ledger
 * postings, once the rail answers.
 */
describe('SettlementWorker with a rail that answers later (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let transactions: TransactionStore;
  let rail: ManualRail;
  let worker: SettlementWorker;
  const posted: Posting[] = [];
  const ledger = {
    post: async (_caller: Caller, posting: Posting) => void posted.push(posting),
    postAll: async (_caller: Caller, postings: Posting[]) =>
      postings.map((posting) => void posted.push(posting)),
  };

  beforeAll(async () => {
    database = await MigratedDatabase.create(TRANSFERS_SCHEMA);
    dataSource = database.dataSource;
    const config = { get: () => 60 } as unknown as ConfigService<TransfersEnvironment, true>;
    transactions = new TransactionStore(
      dataSource,
      new Outbox({ get: () => '' } as unknown as ConfigService<never, true>),
    );
    const attempts = new RailAttemptsStore(dataSource, config);
    rail = new ManualRail();
    worker = new SettlementWorker(
      dataSource,
      attempts,
      new SettlementRecorder(dataSource, attempts, transactions),
      ledger as unknown as LedgerClient,
      rail,
      config,
    );
    worker.onApplicationBootstrap();
  });

  afterAll(async () => {
    await worker?.beforeApplicationShutdown();
    await database?.drop();
  });

  /**
   * A transfer-out made on the manual rail and turned PENDING, as its request does once reserved; in
   * one database transaction, so the worker never sees it CREATED (it would abandon it).
   */
  async function pendingPayment(): Promise<string> {
    const payment = newTransferOut({ rail: { ...rail.outcomeOf(), firstLookInMs: 0 } });
    await dataSource.transaction(async (manager) => {
      await transactions.insert(manager, [payment]);
      await transactions.move(manager, [
        { id: payment.transaction.id, from: 'CREATED', to: 'PENDING', reason: 'Reserved' },
      ]);
    });
    return payment.transaction.id;
  }

  const polledOnce = (id: string) => eventually(async () => rail.polled.includes(id) || undefined);
  const reaches = (id: string, status: string) =>
    eventually(async () => ((await statusOf(id)) === status ? status : undefined));
  const statusOf = async (id: string) => (await transactions.get(id))!.status;
  const postingsOf = (id: string) =>
    posted.filter((posting) => posting.transactionId.endsWith(id)).map((posting) => posting.kind);

  it('keeps a payment PENDING while its rail has not answered, asking it each time the attempt is due', async () => {
    const id = await pendingPayment();

    await eventually(async () => rail.polled.filter((polled) => polled === id).length >= 2 || undefined);

    expect(await statusOf(id)).toBe('PENDING');
    expect(postingsOf(id)).toEqual([]);
  });

  it('settles the payment once the rail says so: SETTLE posted, then COMPLETED', async () => {
    const id = await pendingPayment();
    await polledOnce(id);

    rail.settle(id);

    await reaches(id, 'COMPLETED');
    expect(postingsOf(id)).toEqual(['SETTLE']);
  });

  it("fails the payment with the rail's reason once the rail says so, releasing its reserve", async () => {
    const id = await pendingPayment();
    await polledOnce(id);

    rail.fail(id, 'Beneficiary bank closed the account');

    await reaches(id, 'FAILED');
    expect(postingsOf(id)).toEqual(['RELEASE']);
    expect((await transactions.get(id))!.failureDetail).toBe('Beneficiary bank closed the account');
  });

  it('retries alone a payment whose rail fails to answer, while another of the same batch settles', async () => {
    const [unanswered, settled] = [await pendingPayment(), await pendingPayment()];
    rail.failToAnswer(unanswered);
    rail.settle(settled);

    await reaches(settled, 'COMPLETED');
    const lastError = async () =>
      (
        await dataSource.query('SELECT last_error FROM rail_attempts WHERE transaction_id = $1', [unanswered])
      )[0].last_error as string | null;
    await eventually(async () => (await lastError()) ?? undefined);

    expect(await lastError()).toContain('The provider failed to answer');
    expect(await statusOf(unanswered)).toBe('PENDING');
    expect(postingsOf(unanswered)).toEqual([]);
    expect(postingsOf(settled)).toEqual(['SETTLE']);
  });
});
