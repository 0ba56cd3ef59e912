import { ApiClient } from '@payments/testing';
import { randomUUID } from 'node:crypto';
import {
  accountOf,
  FixtureAccountType as AccountType,
  VALID_ACCOUNTS,
} from '@customers/external-accounts/__tests__/account-fixtures';
import { externalAccountsE2e } from '@customers/external-accounts/__tests__/external-accounts-e2e-kit';

describe('external accounts: internal lookup', () => {
  const accounts = externalAccountsE2e();
  const { lookUp } = accounts;
  let sandbox: ApiClient, jane: string;
  beforeAll(() => void ({ sandbox, jane } = accounts));

  describe('internal lookup', () => {
    it('shows the account with its type, the identifier the rail pays to and whether it can be pulled from', async () => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('US_ACCOUNT'),
        customerId: jane,
      });

      const response = await lookUp(created.body.id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...created.body,
        accountType: 'US_ACCOUNT',
        primaryIdentifier: '123456789',
        pullCapable: true,
      });
    });

    it.each([
      ['CLABE', '002010077777777771'],
      ['PIX', '52998224725'],
      ['IBAN', 'DE89370400440532013000'],
      ['UPI', 'jane.doe@okbank'],
      ['SPARK_WALLET', VALID_ACCOUNTS.SPARK_WALLET.accountInfo.address],
    ] as [AccountType, string][])(
      'reads the %s identifier %s, never pullable',
      async (accountType, identifier) => {
        const created = await sandbox.post('/customers/external-accounts', {
          ...accountOf(accountType),
          customerId: jane,
        });
        expect((await lookUp(created.body.id)).body).toMatchObject({
          accountType,
          primaryIdentifier: identifier,
          pullCapable: false,
        });
      },
    );

    it('answers 404 ACCOUNT_NOT_FOUND for an unknown or malformed id', async () => {
      for (const accountId of [`ExternalAccount:${randomUUID()}`, 'ExternalAccount:nope', jane]) {
        const response = await lookUp(accountId);
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('ACCOUNT_NOT_FOUND');
      }
    });

    it('is not reachable through the gateway', async () => {
      const created = await sandbox.post('/customers/external-accounts', {
        ...accountOf('UPI'),
        customerId: jane,
      });
      const response = await sandbox.get(`/internal/external-accounts/${created.body.id}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    });
  });
});
