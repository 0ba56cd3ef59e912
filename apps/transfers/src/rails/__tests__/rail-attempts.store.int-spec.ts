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
import { TransactionStore } from '@transfers/transactions/transaction.store';
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
  async function dueAttempt(changes: Parameters<typeof newTransferOut>[0] = {}): Promise<string> {
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

  const move = (id: string, from: TransactionStatus, to: TransactionStatus) =>
    dataSource.transaction((manager) => transactions.move(manager, [{ id, from, to, reason: 'test' }]));

  /** The receiver's side of a payment between two platforms: `payee` paid by `payer`, awaiting funding. */
  const receiverPayment = (payer: string, payee: string, receivedAmount = 1_000) =>
    dueAttempt({
      transaction: {
        type: 'INCOMING',
        sourceType: 'UMA_ADDRESS',
        sourceAccountId: null,
        sourceUmaAddress: payer,
        destinationAccountId: `InternalAccount:${randomUUID()}`,
        sentAmount: receivedAmount,
        receivedAmount,
      },
      rail: { awaitsFunding: true, payeeUmaAddress: payee },
    });

  /** The sender's side: paying `payee` as `payer`, linked to the receiver's payment `awaited`. */
  const senderPayment = (awaited: string, payer: string, payee: string) =>
    dueAttempt({
      transaction: { destinationAccountId: null, destinationUmaAddress: payee },
      rail: { firstLookInMs: 60_000, awaitsTransactionId: awaited, payerUmaAddress: payer },
    });

  it("reads both ends of a payment between two platforms, and wakes the sender when the receiver's ends", async () => {
    const receiver = await receiverPayment('$ada@sender.uma.local', '$bob@other.uma.local');
    const sender = await senderPayment(receiver, '$Ada@sender.uma.local', '$bob@other.uma.local');
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
        expect.objectContaining({
          id: sender,
          awaitsTransactionId: receiver,
          awaitedStatus: 'PENDING',
          awaitedMatches: true,
        }),
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

  // The attack (issue 27 point 5): whoever answers the pay request names the receiver's payment. A
  // platform answering for its own domain names a payment it chose: a bigger one awaiting funding,
  // for another receiver or from another sender. The honest sender's payment must neither fund that
  // payment nor settle as it ends.
  it.each([
    ['a bigger amount', '$ada@sender.uma.local', '$bob@other.uma.local', 999_000],
    ['another receiver', '$ada@sender.uma.local', '$mallory@other.uma.local', 1_000],
    ['another sender', '$eve@evil.uma.local', '$bob@other.uma.local', 1_000],
  ] as const)('does not link a payment to a receiver payment of %s', async (_, payer, payee, amount) => {
    const chosen = await receiverPayment(payer, payee, amount);
    await move(chosen, 'CREATED', 'PENDING');
    const honest = await senderPayment(chosen, '$ada@sender.uma.local', '$bob@other.uma.local');
    await move(honest, 'CREATED', 'PENDING');
    await dataSource.query(`UPDATE rail_attempts SET due_at = now() WHERE transaction_id = $1`, [honest]);

    const claimed = await attempts.claimDue(10, LEASE_MS);

    expect(claimed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: chosen, awaitsFunding: true, funded: false }),
        expect.objectContaining({ id: honest, awaitsTransactionId: chosen, awaitedMatches: false }),
      ]),
    );
  });
});
