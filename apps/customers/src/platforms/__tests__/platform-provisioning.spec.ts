import { Environment } from '@payments/contracts';
import { defaultUmaNames } from '@customers/platforms/platform-provisioning';

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
