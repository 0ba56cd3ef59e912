import { ApiClient, balanceOf, eventually, fund, FundedCustomer } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { transfersE2e } from '@transfers/transfers/__tests__/transfers-e2e-kit';

describe('money movement through the sandbox rail: funding', () => {
  const transfers = transfersE2e({ listening: true });
  const { events, changesOf } = transfers;
  let sandbox: ApiClient, production: ApiClient, customer: FundedCustomer;
  beforeAll(() => void ({ sandbox, production, customer } = transfers));

  describe('sandbox funding', () => {
    it('credits the account at once and answers it; a COMPLETED INCOMING transaction records the deposit', async () => {
      const before = await balanceOf(sandbox, customer.customerId);
      const response = await sandbox.post(`/sandbox/internal-accounts/${customer.internalAccountId}/fund`, {
        amount: 500_000,
      });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: customer.internalAccountId,
        customerId: customer.customerId,
        balance: { amount: before + 500_000, currency: { code: 'USD', decimals: 2 } },
      });
      const transaction = (
        await sandbox.get(
          `/transactions?receiverAccountIdentifier=${customer.internalAccountId}&type=INCOMING&limit=1`,
        )
      ).body.data[0];
      expect(transaction).toMatchObject({
        status: 'COMPLETED',
        type: 'INCOMING',
        source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' },
        destination: { destinationType: 'ACCOUNT', accountId: customer.internalAccountId, currency: 'USD' },
        customerId: customer.customerId,
        platformCustomerId: customer.platformCustomerId,
        receivedAmount: { amount: 500_000, currency: { code: 'USD', decimals: 2 } },
        reconciliationInstructions: { reference: expect.stringMatching(/^TR-[0-9A-F]{16}$/) },
        settledAt: expect.any(String),
      });
      expect(await balanceOf(sandbox, customer.customerId)).toBe(before + 500_000);
    });

    it('publishes every status change in order, each carrying the transaction as the API shows it', async () => {
      const completed = await fund(sandbox, customer.internalAccountId, 1_000);
      const published = await eventually(async () => {
        const own = events.events.filter((event) => event.aggregateId === completed.id);
        return own.length === 2 ? own : undefined;
      });

      expect(changesOf(completed.id)).toEqual([
        ['CREATED', 'PENDING'],
        ['PENDING', 'COMPLETED'],
      ]);
      expect(published[1].payload.transaction).toEqual(completed);
      expect(published[0]).toMatchObject({ type: 'transaction.status-changed', environment: 'SANDBOX' });
    });

    it('refuses production credentials, a bad amount and an unknown account', async () => {
      const path = `/sandbox/internal-accounts/${customer.internalAccountId}/fund`;
      expect((await production.post(path, { amount: 100 })).status).toBe(403);
      expect((await sandbox.post(path, { amount: 100_000_000_001 })).body.code).toBe('INVALID_INPUT');
      const unknown = await sandbox.post(`/sandbox/internal-accounts/InternalAccount:${randomUUID()}/fund`, {
        amount: 1,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('ACCOUNT_NOT_FOUND');
    });
  });
});
