import { Environment } from '@payments/contracts';
import { ApiException, Caller } from '@payments/http';
import { ID, transactionRow } from '@transfers/transactions/__tests__/transaction-row';
import { TransactionHistoryService } from '@transfers/transactions/transaction-history.service';
import { StatusChangeRow, TransactionHistoryStore } from '@transfers/transactions/transaction-history.store';
import { presentTransaction, TransactionView } from '@transfers/transactions/transaction.view';
import { TransactionsService } from '@transfers/transactions/transactions.service';

const CALLER: Caller = {
  platformId: 'Platform:7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e',
  environment: Environment.Sandbox,
};

/** Answers one transaction, or refuses as TransactionsService refuses anything else. */
class FakeTransactions implements Pick<TransactionsService, 'get'> {
  constructor(private readonly found?: TransactionView) {}
  async get(_caller: Caller, transactionId: string): Promise<TransactionView> {
    if (this.found?.id !== transactionId)
      throw new ApiException('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} not found`);
    return this.found;
  }
}

/** Fixed history rows; records which transactions it was asked about. */
class FakeHistory implements Pick<TransactionHistoryStore, 'changesOf'> {
  asked: string[] = [];
  constructor(private readonly rows: StatusChangeRow[]) {}
  async changesOf(transactionId: string): Promise<StatusChangeRow[]> {
    this.asked.push(transactionId);
    return this.rows;
  }
}

function serviceOf(found: TransactionView | undefined, rows: StatusChangeRow[] = []) {
  const history = new FakeHistory(rows);
  const service = new TransactionHistoryService(
    new FakeTransactions(found) as unknown as TransactionsService,
    history as unknown as TransactionHistoryStore,
  );
  return { service, history };
}

const COMPLETED = presentTransaction(transactionRow({ status: 'COMPLETED' }));

describe('TransactionHistoryService', () => {
  it('starts with the creation, then lists each status change as stored, oldest first', async () => {
    const { service, history } = serviceOf(COMPLETED, [
      {
        from_status: 'CREATED',
        to_status: 'PENDING',
        at: new Date('2025-10-13T09:30:00.050Z'),
        reason: 'Funds reserved',
      },
      {
        from_status: 'PENDING',
        to_status: 'COMPLETED',
        at: new Date('2025-10-13T09:30:00.600Z'),
        reason: 'Settled by the rail',
      },
    ]);

    expect(await service.history(CALLER, COMPLETED.id)).toEqual({
      data: [
        { status: 'CREATED', previousStatus: null, at: '2025-10-13T09:30:00.000Z' },
        {
          status: 'PENDING',
          previousStatus: 'CREATED',
          at: '2025-10-13T09:30:00.050Z',
          reason: 'Funds reserved',
        },
        {
          status: 'COMPLETED',
          previousStatus: 'PENDING',
          at: '2025-10-13T09:30:00.600Z',
          reason: 'Settled by the rail',
        },
      ],
    });
    expect(history.asked).toEqual([ID]);
  });

  it('leaves out a reason the change was stored without', async () => {
    const { service } = serviceOf(COMPLETED, [
      {
        from_status: 'CREATED',
        to_status: 'PENDING',
        at: new Date('2025-10-13T09:30:00.050Z'),
        reason: null,
      },
    ]);

    const [, change] = (await service.history(CALLER, COMPLETED.id)).data;
    expect(change).not.toHaveProperty('reason');
  });

  it('answers 404 wherever reading the transaction does, without reading any history', async () => {
    const { service, history } = serviceOf(undefined);

    await expect(service.history(CALLER, COMPLETED.id)).rejects.toMatchObject({
      code: 'TRANSACTION_NOT_FOUND',
      status: 404,
    });
    expect(history.asked).toEqual([]);
  });
});
