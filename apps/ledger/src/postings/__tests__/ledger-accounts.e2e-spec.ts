import { Environment } from '@payments/contracts';
import { ApiClient, eventually } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { LedgerCaller, postingsE2e } from '@ledger/postings/__tests__/postings-e2e-kit';

describe('ledger internal API: accounts', () => {
  const postings = postingsE2e();
  const { stack, newAccount } = postings;
  let platformId: string, sandbox: ApiClient, ledger: LedgerCaller;
  beforeAll(() => void ({ platformId, sandbox, ledger } = postings));

  describe('GET /internal/accounts/:accountId', () => {
    it("shows a customer's account with its owner, currency and balance", async () => {
      const { accountId, customerId, platformCustomerId } = await newAccount();
      const response = await ledger.account(accountId);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: accountId,
        customerId,
        platformCustomerId,
        currency: 'USD',
        balance: 0,
      });
    });

    it("shows the platform's own account without a customer", async () => {
      const platformAccountId = await eventually(
        async () => (await sandbox.get('/platform/internal-accounts')).body.data[0]?.id,
      );
      expect((await ledger.account(platformAccountId)).body).toEqual({
        id: platformAccountId,
        customerId: null,
        platformCustomerId: null,
        currency: 'USD',
        balance: 0,
      });
    });

    it("answers 404 ACCOUNT_NOT_FOUND for unknown ids and for another platform's or environment's account", async () => {
      const { accountId } = await newAccount();
      const notFound = [
        await ledger.account(`InternalAccount:${randomUUID()}`),
        await ledger.account('InternalAccount:not-a-uuid'),
        await ledger.account(accountId.replace('InternalAccount:', 'ExternalAccount:')),
        await ledger.as(`Platform:${randomUUID()}`).account(accountId),
        await ledger.as(platformId, Environment.Production).account(accountId),
      ];
      for (const response of notFound)
        expect(response.body).toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
    });

    it('refuses a call without a caller assertion', async () => {
      const { accountId } = await newAccount();
      const response = await new ApiClient(stack.appUrls.ledger).get(`/internal/accounts/${accountId}`);
      expect(response.body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    });

    it('is not reachable through the gateway', async () => {
      const { accountId } = await newAccount();
      expect((await sandbox.get(`/internal/accounts/${accountId}`)).status).toBe(404);
    });
  });
});
