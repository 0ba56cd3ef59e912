import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { Outbox } from '@payments/persistence';
import { MigratedDatabase } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { IncomingApprovalsStore } from '@transfers/incoming/incoming-approvals.store';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { newReference } from '@transfers/transactions/transaction-insert';

jest.setTimeout(30_000);

const REQUESTED = [{ name: 'FULL_NAME', mandatory: true }];

describe('IncomingApprovalsStore (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let approvals: IncomingApprovalsStore;
  let transactions: TransactionStore;

  beforeAll(async () => {
    database = await MigratedDatabase.create(TRANSFERS_SCHEMA);
    dataSource = database.dataSource;
    approvals = new IncomingApprovalsStore(dataSource);
    transactions = new TransactionStore(
      dataSource,
      new Outbox({ get: () => '' } as unknown as ConfigService<never, true>),
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  // Earlier tests' approvals are decided rather than deleted (the history they reference is append-only).
  beforeEach(() => dataSource.query(`UPDATE incoming_approvals SET status = 'DECIDED'`));

  /** An incoming payment from a UMA address with its approval, due `deadlineInSeconds` from now. */
  async function approval(deadlineInSeconds: number): Promise<string> {
    const id = randomUUID();
    await dataSource.transaction(async (manager) => {
      await transactions.insert(manager, [
        {
          transaction: {
            id,
            platformId: randomUUID(),
            environment: Environment.Sandbox,
            type: 'INCOMING',
            sourceType: 'UMA_ADDRESS',
            sourceAccountId: null,
            sourceUmaAddress: '$sam@sandbox.grid.uma.money',
            sourceCurrency: 'USD',
            destinationAccountId: `InternalAccount:${randomUUID()}`,
            destinationCurrency: 'USD',
            customerId: `Customer:${randomUUID()}`,
            platformCustomerId: 'customer-1',
            sentAmount: 2_500,
            receivedAmount: 2_500,
            reference: newReference(),
            counterpartyInformation: { FULL_NAME: 'Sam Sender' },
          },
          rail: { answer: 'SETTLE', delayMs: 0, firstLookInMs: 0 },
        },
      ]);
      await approvals.insert(manager, id, REQUESTED, deadlineInSeconds);
    });
    return id;
  }

  it('finds the undecided approvals past their deadline only, oldest first, leaving parked ones out', async () => {
    const [older, newer, notYet, parked, decided] = [
      await approval(-20),
      await approval(-10),
      await approval(60),
      await approval(-30),
      await approval(-40),
    ];
    await dataSource.query(`UPDATE incoming_approvals SET parked_at = now() WHERE transaction_id = $1`, [
      parked,
    ]);
    await dataSource.transaction((manager) =>
      approvals.decide(manager, [{ id: decided, reason: 'Approved' }]),
    );
    expect(await approvals.overdue(10)).toEqual([older, newer]);
    expect(await approvals.overdue(10)).not.toContain(notYet);
  });

  it('claims past an approval that a request holds, and locks only the undecided', async () => {
    const [held, free] = [await approval(-5), await approval(-5)];
    const request = dataSource.createQueryRunner();
    await request.startTransaction();
    try {
      expect(await approvals.lockUndecided(request.manager, [held])).toMatchObject([
        { id: held, status: 'WAITING', requestedFields: REQUESTED },
      ]);
      const claimed = await dataSource.transaction((manager) =>
        approvals.claimOverdue(manager, [held, free]),
      );
      expect(claimed).toEqual([free]);
      await approvals.decide(request.manager, [{ id: held, reason: 'Rejected by the platform: no' }]);
    } finally {
      await request.commitTransaction();
      await request.release();
    }
    expect(await dataSource.transaction((manager) => approvals.lockUndecided(manager, [held, free]))).toEqual(
      [expect.objectContaining({ id: free })],
    );
  });

  it('moves the deadline of acknowledged approvals', async () => {
    const id = await approval(-5);
    const deadlineAt = new Date(Date.now() + 5_000);
    await dataSource.transaction((manager) => approvals.acknowledge(manager, [{ id, deadlineAt }]));
    const [row] = await dataSource.query(
      `SELECT status, deadline_at FROM incoming_approvals WHERE transaction_id = $1`,
      [id],
    );
    expect(row).toEqual({ status: 'ACKNOWLEDGED', deadline_at: deadlineAt });
    expect(await approvals.overdue(10)).not.toContain(id);
  });
});
