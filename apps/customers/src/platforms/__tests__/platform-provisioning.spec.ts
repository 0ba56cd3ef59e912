import { Environment } from '@payments/contracts';
import { DEFAULT_SUPPORTED_CURRENCIES, defaultUmaNames } from '@customers/platforms/platform-provisioning';

describe('defaultUmaNames', () => {
  it('gives each environment its own host under the proxy domain', () => {
    expect(defaultUmaNames('acme-pay', Environment.Production, 'uma.local')).toEqual({
      umaDomain: 'acme-pay.uma.local',
      proxyUmaSubdomain: 'acme-pay',
    });
    expect(defaultUmaNames('acme-pay', Environment.Sandbox, 'uma.local')).toEqual({
      umaDomain: 'acme-pay.sandbox.uma.local',
      proxyUmaSubdomain: 'acme-pay.sandbox',
    });
  });
});

describe('DEFAULT_SUPPORTED_CURRENCIES', () => {
  it('is USD in both directions with no counterparty requirements', () => {
    expect(DEFAULT_SUPPORTED_CURRENCIES).toEqual([
      {
        currencyCode: 'USD',
        minAmount: 1,
        maxAmount: 100_000_000,
        requiredCounterpartyFields: [],
        enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
      },
    ]);
  });
});
