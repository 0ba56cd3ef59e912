import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { Caller } from '@payments/http';
import { CustomerReadinessClient } from '@payments/runtime';
import { ExternalAccount, ExternalAccountsClient } from '@transfers/accounts/external-accounts.client';
import { LedgerAccount, LedgerClient } from '@transfers/accounts/ledger.client';
import { SandboxRail } from '@transfers/rails/sandbox-rail';
import { ID, transactionRow } from '@transfers/transactions/__tests__/transaction-row';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { TransfersEnvironment } from '@transfers/transfers.environment';
import { OutgoingSender } from '@transfers/transfers/outgoing-sender';
import { PendingOpener } from '@transfers/transfers/pending-opener';
import { TransferFeesClient } from '@transfers/transfers/transfer-fees.client';
import { TransfersService } from '@transfers/transfers/transfers.service';

const PLATFORM = 'Platform:00000000-0000-4000-8000-0000000000aa';
const sandbox: Caller = { platformId: PLATFORM, environment: Environment.Sandbox, requestId: 'req-1' };
const internal: LedgerAccount = {
  id: 'InternalAccount:1',
  customerId: 'Customer:1',
  platformCustomerId: 'c-1',
  currency: 'USD',
};
const external: ExternalAccount = {
  id: 'ExternalAccount:1',
  status: 'ACTIVE',
  currency: 'USD',
  customerId: 'Customer:1',
  accountType: 'US_ACCOUNT',
  primaryIdentifier: '123456789',
  pullCapable: true,
};
const OPENED = { id: 'Transaction:opened' };
const noFee = { platformFee: 0, rateDetails: {} };

describe('TransfersService', () => {
  const store = { get: jest.fn() };
  const ledger = { account: jest.fn() };
  const externalAccounts = { account: jest.fn() };
  const fees = { fee: jest.fn() };
  const outgoing = { send: jest.fn(), answerExisting: jest.fn() };
  const opener = { open: jest.fn() };
  const readiness = { assertReady: jest.fn() };
  const rails = new SandboxRail({
    get: (name: string) => (name === 'SANDBOX_SETTLEMENT_MS' ? 1_000 : 30),
  } as unknown as ConfigService<TransfersEnvironment, true>);
  const service = new TransfersService(
    store as unknown as TransactionStore,
    ledger as unknown as LedgerClient,
    externalAccounts as unknown as ExternalAccountsClient,
    fees as unknown as TransferFeesClient,
    outgoing as unknown as OutgoingSender,
    opener as unknown as PendingOpener,
    rails,
    readiness as unknown as CustomerReadinessClient,
  );
  const out = (amount = 10_000) => ({
    source: { accountId: internal.id },
    destination: { accountId: external.id },
    amount,
  });
  const into = (amount = 10_000) => ({
    source: { accountId: external.id },
    destination: { accountId: internal.id },
    amount,
  });

  beforeEach(() => {
    jest.resetAllMocks();
    ledger.account.mockResolvedValue(internal);
    externalAccounts.account.mockResolvedValue(external);
    fees.fee.mockResolvedValue(noFee);
    outgoing.send.mockResolvedValue(OPENED);
    opener.open.mockResolvedValue(OPENED);
  });

  describe('transfer-out', () => {
    it('sends the amount from the internal account to the external one, with the rail answer of its identifier', async () => {
      expect(await service.transferOut(sandbox, out())).toBe(OPENED);
      const [, transaction, rail] = outgoing.send.mock.calls[0];
      expect(transaction).toMatchObject({
        type: 'OUTGOING',
        sourceAccountId: internal.id,
        destinationAccountId: external.id,
        sentAmount: 10_000,
        receivedAmount: 10_000,
        customerId: 'Customer:1',
        reference: expect.stringMatching(/^TR-[0-9A-F]{16}$/),
      });
      expect(transaction.pricing).toBeUndefined();
      expect(rail).toEqual({ answer: 'SETTLE', delayMs: 1_000 });
    });

    it("takes the platform's fee on top of the amount sent", async () => {
      fees.fee.mockResolvedValue({ platformFee: 150, rateDetails: { platformFee: 150 } });
      await service.transferOut(sandbox, out());
      expect(fees.fee).toHaveBeenCalledWith(sandbox, 'TRANSFER_OUT', 'USD', 10_000);
      expect(outgoing.send.mock.calls[0][1]).toMatchObject({
        sentAmount: 10_150,
        receivedAmount: 10_000,
        pricing: { platformFee: 150, serviceFee: 0 },
      });
    });

    it('uses the sandbox failure pattern of the destination, and none in production', async () => {
      externalAccounts.account.mockResolvedValue({ ...external, primaryIdentifier: '000000004' });
      await service.transferOut(sandbox, out());
      await service.transferOut({ ...sandbox, environment: Environment.Production }, out());
      expect(outgoing.send.mock.calls.map(([, , rail]) => rail.answer)).toEqual(['REJECT', 'SETTLE']);
    });

    it('answers a retry with the transaction its key made, without reading the accounts again', async () => {
      const existing = { id: 'existing' };
      store.get.mockResolvedValue(existing);
      outgoing.answerExisting.mockResolvedValue(OPENED);
      const keyed = { ...sandbox, idempotencyKey: 'digest' };

      expect(await service.transferOut(keyed, out())).toBe(OPENED);
      expect(outgoing.answerExisting).toHaveBeenCalledWith(keyed, existing);
      expect(ledger.account).not.toHaveBeenCalled();
      expect(outgoing.send).not.toHaveBeenCalled();
    });

    it('refuses accounts of two owners before any money is touched', async () => {
      externalAccounts.account.mockResolvedValue({ ...external, customerId: 'Customer:2' });
      await expect(service.transferOut(sandbox, out())).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      expect(fees.fee).not.toHaveBeenCalled();
      expect(outgoing.send).not.toHaveBeenCalled();
    });

    it("refuses a customer lacking what the account's currency requires before any money is touched", async () => {
      const missing = { code: 'MISSING_MANDATORY_USER_INFO', details: { missingFields: ['NATIONALITY'] } };
      readiness.assertReady.mockRejectedValue(missing);
      await expect(service.transferOut(sandbox, out())).rejects.toBe(missing);
      expect(readiness.assertReady).toHaveBeenCalledWith(sandbox, internal.customerId, ['USD']);
      expect(outgoing.send).not.toHaveBeenCalled();
    });

    it("asks nothing of the platform's own accounts", async () => {
      ledger.account.mockResolvedValue({ ...internal, customerId: null });
      externalAccounts.account.mockResolvedValue({ ...external, customerId: null });
      expect(await service.transferOut(sandbox, out())).toBe(OPENED);
      expect(readiness.assertReady).not.toHaveBeenCalled();
    });
  });

  describe('transfer-in', () => {
    it('pulls the amount into the internal account, PENDING at once, and credits it less the fee', async () => {
      fees.fee.mockResolvedValue({ platformFee: 200, rateDetails: {} });
      expect(await service.transferIn(sandbox, into())).toBe(OPENED);
      const [, transaction, rail] = opener.open.mock.calls[0];
      expect(transaction).toMatchObject({
        type: 'INCOMING',
        sourceAccountId: external.id,
        destinationAccountId: internal.id,
        sentAmount: 10_000,
        receivedAmount: 9_800,
      });
      expect(rail.answer).toBe('SETTLE');
      expect(outgoing.send).not.toHaveBeenCalled();
    });

    it("refuses an amount that does not cover the platform's fee", async () => {
      fees.fee.mockResolvedValue({ platformFee: 10_000, rateDetails: {} });
      await expect(service.transferIn(sandbox, into())).rejects.toMatchObject({
        code: 'AMOUNT_OUT_OF_RANGE',
      });
      expect(opener.open).not.toHaveBeenCalled();
    });

    it('refuses an external account that cannot be pulled from', async () => {
      externalAccounts.account.mockResolvedValue({ ...external, pullCapable: false });
      await expect(service.transferIn(sandbox, into())).rejects.toMatchObject({
        code: 'TRANSFER_IN_NOT_SUPPORTED',
      });
    });

    it('answers a retry with the transaction its key made', async () => {
      store.get.mockResolvedValue(transactionRow({ type: 'INCOMING', status: 'COMPLETED' }));
      const answer = await service.transferIn({ ...sandbox, idempotencyKey: 'digest' }, into());
      expect(answer).toMatchObject({ id: `Transaction:${ID}`, status: 'COMPLETED' });
      expect(ledger.account).not.toHaveBeenCalled();
      expect(opener.open).not.toHaveBeenCalled();
    });
  });
});
