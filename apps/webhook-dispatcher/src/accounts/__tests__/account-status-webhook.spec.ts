import { createEvent, Environment } from '@payments/contracts';
import { currencyOf } from '@payments/money';
import { accountStatusWebhook, webhookIdFor } from '@webhooks/deliveries/webhook-envelope';

const SCOPE = {
  platformId: 'Platform:8d2c1f0e-0000-4000-8000-000000000001',
  environment: Environment.Sandbox,
};
const ACCOUNT = 'InternalAccount:8d2c1f0e-0000-4000-8000-000000000002';
const USD = currencyOf('USD');

function balanceChanged(holder: { customerId?: string; platformCustomerId?: string }) {
  return createEvent('account.balance-changed', 1, SCOPE, ACCOUNT, {
    accountId: ACCOUNT,
    ...holder,
    currency: 'USD',
    oldBalance: 10_000,
    newBalance: 7_500,
    transactionId: 'Transaction:8d2c1f0e-0000-4000-8000-000000000003',
    postingKind: 'RESERVE',
  });
}

describe('accountStatusWebhook', () => {
  it('reports both balances as the internal account view shows them, ordered by the account', () => {
    const event = balanceChanged({
      customerId: 'Customer:8d2c1f0e-0000-4000-8000-000000000004',
      platformCustomerId: 'ada-1',
    });

    const delivery = accountStatusWebhook(event, 'LEGACY');

    expect(delivery).toMatchObject({
      id: webhookIdFor(event.eventId),
      aggregateId: ACCOUNT,
      type: 'ACCOUNT_STATUS',
      ...SCOPE,
    });
    expect(JSON.parse(delivery.body)).toEqual({
      webhookId: `Webhook:${webhookIdFor(event.eventId)}`,
      type: 'ACCOUNT_STATUS',
      timestamp: event.occurredAt,
      accountId: ACCOUNT,
      oldBalance: { amount: 10_000, currency: USD },
      newBalance: { amount: 7_500, currency: USD },
      customerId: 'Customer:8d2c1f0e-0000-4000-8000-000000000004',
      platformCustomerId: 'ada-1',
    });
  });

  it("leaves out the customer fields for the platform's own account", () => {
    const body = JSON.parse(accountStatusWebhook(balanceChanged({}), 'LEGACY').body);

    expect(body).not.toHaveProperty('customerId');
    expect(body).not.toHaveProperty('platformCustomerId');
  });
});
