import { ConfigService } from '@nestjs/config';
import { TransactionStatus } from '@payments/contracts';
import { Outbox } from '@payments/persistence';
import { LEASE_MS } from '@payments/runtime';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { RailAttemptsStore } from '@transfers/rails/rail-attempts.store';
import { newTransferOut } from '@transfers/transactions/__tests__/new-transfer-out';
import { NewScheduledTransaction, TransactionStore } from '@transfers/transactions/transaction.store';
import { TransfersEnvironment } from '@transfers/transfers.environment';

jest.setTimeout(30_000);

const SENDER_FUNDING_SECONDS = 60;

describe('RailAttemptsStore (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let attempts: RailAttemptsStore;
  let transactions: TransactionStore;

  beforeAll(async () => {
    database = await MigratedDatabase.create(TRANSFERS_SCHEMA);
    dataSource = database.dataSource;
    attempts = new RailAttemptsStore(dataSource, {
      get: () => SENDER_FUNDING_SECONDS,
    } as unknown as ConfigService<TransfersEnvironment, true>);
    transactions = new TransactionStore(
      dataSource,
      new Outbox({ get: () => '' } as unknown as ConfigService<never, true>),
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  // The status history is append-only, so the attempts of earlier tests are closed rather than deleted.
  beforeEach(() =>
    dataSource.query('UPDATE rail_attempts SET finished_at = now() WHERE finished_at IS NULL'),
  );

  /** A transfer-out whose attempt is due now, unless `changes` say otherwise. */
  async function dueAttempt(changes: Partial<NewScheduledTransaction> = {}): Promise<string> {
    const created = newTransferOut(changes);
    await transactions.insert(dataSource.manager, [created]);
    return created.transaction.id;
  }

  const attempt = async (id: string) =>
    (await dataSource.query('SELECT * FROM rail_attempts WHERE transaction_id = $1', [id]))[0];

  it('gives the attempt of a worker that died to another once its lease runs out, not before', async () => {
    const id = await dueAttempt();
    const [claimed] = await attempts.claimDue(10, LEASE_MS);
    const claimedAt = Date.now();

    let again: unknown[] = [];
    while (again.length === 0 && Date.now() - claimedAt < LEASE_MS + 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await attempts.claimDue(10, LEASE_MS);
    }

    expect(claimed.id).toBe(id);
    expect(again).toEqual([expect.objectContaining({ id, tries: 2 })]);
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(LEASE_MS - 500);
    expect(Date.now() - claimedAt).toBeLessThan(LEASE_MS + 1_000);
  });

  it('renews a claim only under its token, and drops the retry of a claim that was lost', async () => {
    const id = await dueAttempt();
    const [stale] = await attempts.claimDue(10, 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [current] = await attempts.claimDue(10, LEASE_MS);

    expect(
      await attempts.renewLeases(
        [
          { key: id, token: stale.lease },
          { key: id, token: current.lease },
        ],
        LEASE_MS,
      ),
    ).toEqual([current.lease]);
    await attempts.retryLater(dataSource.manager, [{ id, lease: stale.lease, delayMs: 0, error: 'stale' }]);
    expect(await attempt(id)).toMatchObject({ last_error: null, lease_token: current.lease });

    await attempts.retryLater(dataSource.manager, [
      { id, lease: current.lease, delayMs: 60_000, error: 'refused' },
    ]);
    expect(await attempt(id)).toMatchObject({ last_error: 'refused', lease_token: null });
    expect(await attempts.renewLeases([{ key: id, token: current.lease }], LEASE_MS)).toEqual([]);
  });

  it('makes a released attempt due at once, without counting the try', async () => {
    const id = await dueAttempt();
    const [claimed] = await attempts.claimDue(10, LEASE_MS);

    await attempts.releaseLeases([{ key: id, token: claimed.lease }]);

    expect(await attempts.claimDue(10, LEASE_MS)).toEqual([expect.objectContaining({ id, tries: 1 })]);
  });

  it("reads both ends of a payment between two platforms, and wakes the sender when the receiver's ends", async () => {
    const receiver = await dueAttempt({
      transaction: {
        type: 'INCOMING',
        sourceType: 'UMA_ADDRESS',
        sourceAccountId: null,
        sourceUmaAddress: '$ada@sender.uma.local',
        destinationAccountId: `InternalAccount:${randomUUID()}`,
      } as never,
      rail: { answer: 'SETTLE', delayMs: 0, firstLookInMs: 0, awaitsFunding: true },
    });
    const sender = await dueAttempt({
      transaction: { destinationAccountId: null, destinationUmaAddress: '$bob@other.uma.local' } as never,
      rail: { answer: 'SETTLE', delayMs: 0, firstLookInMs: 60_000, awaitsTransactionId: receiver },
    });
    const move = (id: string, from: TransactionStatus, to: TransactionStatus) =>
      dataSource.transaction((manager) => transactions.move(manager, [{ id, from, to, reason: 'test' }]));
    await move(receiver, 'CREATED', 'PENDING');

    // The sender has not reserved yet (CREATED): the receiver's payment is not funded.
    expect(await attempts.claimDue(10, 1)).toEqual([
      expect.objectContaining({ id: receiver, awaitsFunding: true, funded: false, fundingOverdue: false }),
    ]);
    await move(sender, 'CREATED', 'PENDING');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const claimed = await attempts.claimDue(10, LEASE_MS);
    expect(claimed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: receiver, funded: true }),
        expect.objectContaining({ id: sender, awaitsTransactionId: receiver, awaitedStatus: 'PENDING' }),
      ]),
    );

    await dataSource.query(
      `UPDATE rail_attempts SET due_at = now() + interval '1 hour' WHERE transaction_id = $1`,
      [sender],
    );
    await move(receiver, 'PENDING', 'REJECTED');
    expect(await attempts.claimDue(10, LEASE_MS)).toEqual([
      expect.objectContaining({ id: sender, awaitedStatus: 'REJECTED', awaitedType: 'INCOMING' }),
    ]);
  });
});
