import { Environment } from '@payments/contracts';
import { auditedConfigOf, auditedUrl } from '@customers/platforms/platform-config.audit';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';

describe('a config as its audit change records it', () => {
  it('keeps the settable fields and masks the webhook URL; no verification token', () => {
    const config = Object.assign(new PlatformConfig(), {
      id: 'c1',
      platformId: 'p1',
      environment: Environment.Sandbox,
      umaDomain: 'acme.uma.local',
      umaDomainToken: 'grid-uma-verify=secret-token',
      webhookEndpoint: 'https://user:pass@hooks.acme.com/in?token=abc&team=ops',
      supportedCurrencies: [],
    });

    const audited = auditedConfigOf(config);

    expect(audited).toEqual({
      umaDomain: 'acme.uma.local',
      webhookEndpoint: 'https://%5Bredacted%5D@hooks.acme.com/in?token=[redacted]&team=ops',
      supportedCurrencies: [],
    });
    expect(JSON.stringify(audited)).not.toMatch(/pass|abc|secret-token/);
  });

  it('keeps a URL without secrets as it is, and records no endpoint as null', () => {
    expect(auditedUrl('https://hooks.acme.com/grid')).toBe('https://hooks.acme.com/grid');
    expect(
      auditedConfigOf(Object.assign(new PlatformConfig(), { webhookEndpoint: null })).webhookEndpoint,
    ).toBeNull();
  });

  it('records an unparsable URL as redacted rather than as written', () => {
    expect(auditedUrl('not a url secret')).toBe('[redacted]');
  });
});
