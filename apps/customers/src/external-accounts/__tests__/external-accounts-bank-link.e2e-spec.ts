import { ApiClient, eventually, newPlatformClients } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { externalAccountsE2e } from '@customers/external-accounts/__tests__/external-accounts-e2e-kit';

describe('external accounts: bank link (Plaid)', () => {
  const accounts = externalAccountsE2e();
  const { stack, api, lookUp } = accounts;
  let sandbox: ApiClient, jane: string;
  beforeAll(() => void ({ sandbox, jane } = accounts));

  describe('bank link (Plaid)', () => {
    async function linkToken(customerId = jane): Promise<string> {
      const response = await sandbox.post('/plaid/link-tokens', { customerId });
      expect(response.status).toBe(200);
      return response.body.linkToken;
    }

    it('issues a link token with its expiry and the public callback URL', async () => {
      const before = Date.now();
      const response = await sandbox.post('/plaid/link-tokens', { customerId: jane });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        linkToken: expect.stringMatching(/^link-sandbox-[0-9a-f-]{36}$/),
        expiration: expect.any(String),
        callbackUrl: expect.stringMatching(/^https?:\/\/.+\/2025-10-13\/plaid\/callback\/link-sandbox-/),
        requestId: expect.any(String),
      });
      expect(response.body.callbackUrl.endsWith(`/plaid/callback/${response.body.linkToken}`)).toBe(true);
      expect(Date.parse(response.body.expiration)).toBeGreaterThan(before + 25 * 60_000);
    });

    it('answers 404 USER_NOT_FOUND for a link token of an unknown customer', async () => {
      const response = await sandbox.post('/plaid/link-tokens', { customerId: `Customer:${randomUUID()}` });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('USER_NOT_FOUND');
    });

    it('creates a PENDING US account at the callback, which turns ACTIVE on its own', async () => {
      const token = await linkToken();
      const pending = await sandbox.post(`/plaid/callback/${token}`, {
        publicToken: `public-sandbox-${randomUUID()}`,
        accountId: 'plaid-account-1',
      });

      expect(pending.status).toBe(202);
      expect(pending.body).toMatchObject({
        status: 'PENDING',
        currency: 'USD',
        customerId: jane,
        defaultUmaDepositAccount: false,
        beneficiaryVerificationStatus: 'PENDING',
        accountInfo: {
          accountType: 'US_ACCOUNT',
          accountNumber: expect.stringMatching(/^\d{12}$/),
          routingNumber: expect.stringMatching(/^\d{9}$/),
          accountCategory: 'CHECKING',
          bankName: expect.any(String),
          beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' },
        },
      });

      const active = await eventually(async () => {
        const account = (await lookUp(pending.body.id)).body;
        return account.status === 'ACTIVE' ? account : undefined;
      });
      expect(active).toMatchObject({
        accountInfo: pending.body.accountInfo,
        beneficiaryVerificationStatus: 'MATCHED',
        beneficiaryVerifiedData: { fullName: 'Jane Doe' },
        pullCapable: true,
      });
      const listed = await sandbox.get(`/customers/external-accounts?customerId=${jane}&limit=100`);
      expect(listed.body.data).toContainEqual(
        expect.objectContaining({ id: pending.body.id, status: 'ACTIVE' }),
      );
    });

    it("ends the account number in the public token's last three digits, to choose a rail failure", async () => {
      const pending = await sandbox.post(`/plaid/callback/${await linkToken()}`, {
        publicToken: 'public-sandbox-insufficient-funds-002',
      });
      expect(pending.status).toBe(202);
      expect((await lookUp(pending.body.id)).body.primaryIdentifier).toMatch(/002$/);
    });

    it('answers 409 CONFLICT when a link token is used again', async () => {
      const token = await linkToken();
      expect(
        (await sandbox.post(`/plaid/callback/${token}`, { publicToken: 'public-sandbox-a' })).status,
      ).toBe(202);

      const again = await sandbox.post(`/plaid/callback/${token}`, { publicToken: 'public-sandbox-b' });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('CONFLICT');
    });

    it("answers 404 for an unknown, another platform's or an expired link token", async () => {
      const stranger = newPlatformClients(api);
      const expired = await linkToken();
      const database = new Client({ connectionString: stack.databaseUrl });
      await database.connect();
      try {
        await database.query(
          `UPDATE customers.link_tokens SET expires_at = now() - interval '1 second' WHERE token = $1`,
          [expired],
        );
      } finally {
        await database.end();
      }

      for (const [client, token] of [
        [sandbox, `link-sandbox-${randomUUID()}`],
        [stranger.sandbox, await linkToken()],
        [sandbox, expired],
      ] as [ApiClient, string][]) {
        const response = await client.post(`/plaid/callback/${token}`, { publicToken: 'public-sandbox-c' });
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('NOT_FOUND');
      }
    });

    it('refuses a callback without a public token with 400 INVALID_INPUT', async () => {
      const response = await sandbox.post(`/plaid/callback/${await linkToken()}`, {
        accountId: 'plaid-account-1',
      });
      expect(response.status).toBe(400);
      expect(response.body.details.errors).toEqual([{ field: 'publicToken', message: expect.any(String) }]);
    });
  });
});
