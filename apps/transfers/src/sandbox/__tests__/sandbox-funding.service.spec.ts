import { Environment } from '@payments/contracts';
import { Caller } from '@payments/http';
import { LedgerClient } from '@transfers/accounts/ledger.client';
import { SandboxFundingService } from '@transfers/sandbox/sandbox-funding.service';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { PendingOpener } from '@transfers/transfers/pending-opener';

const ACCOUNT = 'InternalAccount:11111111-1111-4111-8111-111111111111';
const sandbox: Caller = {
  platformId: 'Platform:00000000-0000-4000-8000-0000000000aa',
  environment: Environment.Sandbox,
  requestId: 'req-1',
  idempotencyKey: 'digest',
};

describe('SandboxFundingService', () => {
  const ledger = { account: jest.fn(), post: jest.fn(), view: jest.fn() };
  const store = { moveCommitted: jest.fn() };
  const opener = { open: jest.fn() };
  const service = new SandboxFundingService(
    ledger as unknown as LedgerClient,
    store as unknown as TransactionStore,
    opener as unknown as PendingOpener,
  );

  beforeEach(() => {
    jest.resetAllMocks();
    ledger.account.mockResolvedValue({
      id: ACCOUNT,
      customerId: null,
      platformCustomerId: null,
      currency: 'EUR',
    });
    ledger.view.mockResolvedValue({ id: ACCOUNT, balance: { amount: 500 } });
  });

  it('opens an incoming transaction, deposits the amount, completes it and answers the account', async () => {
    expect(await service.fund(sandbox, ACCOUNT, 500)).toEqual({ id: ACCOUNT, balance: { amount: 500 } });

    const [, transaction, rail] = opener.open.mock.calls[0];
    expect(transaction).toMatchObject({
      type: 'INCOMING',
      sourceType: 'REALTIME_FUNDING',
      destinationAccountId: ACCOUNT,
      sentAmount: 500,
      destinationCurrency: 'EUR',
    });
    expect(rail).toEqual({ answer: 'SETTLE', delayMs: 0 });
    expect(ledger.post).toHaveBeenCalledWith(sandbox, {
      transactionId: `Transaction:${transaction.id}`,
      kind: 'DEPOSIT',
      accountId: ACCOUNT,
      amount: 500,
      currency: 'EUR',
    });
    expect(store.moveCommitted).toHaveBeenCalledWith(
      expect.objectContaining({ id: transaction.id, from: 'PENDING', to: 'COMPLETED', requestId: 'req-1' }),
    );
    const order = [opener.open, ledger.post, store.moveCommitted].map(
      (mock) => mock.mock.invocationCallOrder[0],
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('names the same transaction for every retry of one key', async () => {
    await service.fund(sandbox, ACCOUNT, 500);
    await service.fund(sandbox, ACCOUNT, 500);
    const [first, second] = opener.open.mock.calls.map(([, transaction]) => transaction.id);
    expect(second).toBe(first);
  });

  it('is refused with production credentials, before any account is read', async () => {
    await expect(
      service.fund({ ...sandbox, environment: Environment.Production }, ACCOUNT, 500),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(ledger.account).not.toHaveBeenCalled();
  });

  it('answers ACCOUNT_NOT_FOUND for an id that is not an internal account', async () => {
    await expect(service.fund(sandbox, 'ExternalAccount:1', 500)).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    });
    expect(opener.open).not.toHaveBeenCalled();
  });
});
