import { ApiClient, balanceOf, FundedCustomer, settled, usBankAccount } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { DELAYED_FAILURE_MS, transfersE2e } from '@transfers/transfers/__tests__/transfers-e2e-kit';

describe('money movement through the sandbox rail: transfer-in', () => {
  const transfers = transfersE2e();
  const { transferIn } = transfers;
  let sandbox: ApiClient, customer: FundedCustomer;
  beforeAll(() => void ({ sandbox, customer } = transfers));

  describe('transfer-in', () => {
    it('pulls from a US account: 201 PENDING, then COMPLETED with the internal account credited', async () => {
      const bank = await usBankAccount(sandbox, customer.customerId);
      const before = await balanceOf(sandbox, customer.customerId);
      const response = await transferIn(bank, 2_500);

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        status: 'PENDING',
        type: 'INCOMING',
        source: { sourceType: 'ACCOUNT', accountId: bank, currency: 'USD' },
        destination: { accountId: customer.internalAccountId },
        receivedAmount: { amount: 2_500, currency: { code: 'USD' } },
      });
      expect(await settled(sandbox, response.body.id)).toMatchObject({ status: 'COMPLETED' });
      expect(await balanceOf(sandbox, customer.customerId)).toBe(before + 2_500);
    });

    it.each([
      ['002', 'FAILED', 'Insufficient funds in the source account'],
      ['003', 'FAILED', 'Account closed or invalid'],
      ['004', 'REJECTED', 'Transfer rejected by the bank'],
    ])('from an account ending %s ends %s and credits nothing', async (ending, status, failureDetail) => {
      const bank = await usBankAccount(sandbox, customer.customerId, ending);
      const before = await balanceOf(sandbox, customer.customerId);
      const response = await transferIn(bank, 700);

      expect(response.body.status).toBe('PENDING');
      expect(await settled(sandbox, response.body.id)).toMatchObject({
        status,
        failureReason: 'OFFRAMP_FAILED',
        failureDetail,
      });
      expect(await balanceOf(sandbox, customer.customerId)).toBe(before);
    });

    it('from an account ending 005 stays PENDING for SANDBOX_DELAYED_FAILURE_SECONDS, then fails', async () => {
      const bank = await usBankAccount(sandbox, customer.customerId, '005');
      const response = await transferIn(bank, 700);
      const startedAt = Date.now();

      await new Promise((resolve) => setTimeout(resolve, DELAYED_FAILURE_MS / 2));
      expect((await sandbox.get(`/transactions/${response.body.id}`)).body.status).toBe('PENDING');
      const failed = await settled(sandbox, response.body.id);
      expect(failed).toMatchObject({ status: 'FAILED', failureDetail: 'Timed out waiting for the bank' });
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(DELAYED_FAILURE_MS - 100);
    });

    it('refuses a source without pull functionality with 422 TRANSFER_IN_NOT_SUPPORTED', async () => {
      const wallet = await sandbox.post('/customers/external-accounts', {
        currency: 'USD',
        customerId: customer.customerId,
        accountInfo: { accountType: 'SPARK_WALLET', address: `spark1${randomUUID().replace(/-/g, '')}` },
      });
      expect(wallet.status).toBe(201);
      const response = await transferIn(wallet.body.id, 100);
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('TRANSFER_IN_NOT_SUPPORTED');
    });
  });
});
