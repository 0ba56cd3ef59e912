import { Environment, PLATFORM_EVENTS } from '@payments/contracts';
import { platformConfigChanged } from '@customers/platforms/platform-config-events';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { DEFAULT_SUPPORTED_CURRENCIES } from '@customers/platforms/platform-provisioning';

const config = Object.assign(new PlatformConfig(), {
  id: '9d0f8a1e-8c2b-4a0b-8f51-0d5d7e0c3a21',
  platformId: '5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10',
  environment: Environment.Production,
  umaDomain: 'acme.uma.local',
  webhookEndpoint: null,
  supportedCurrencies: [
    ...DEFAULT_SUPPORTED_CURRENCIES,
    { ...DEFAULT_SUPPORTED_CURRENCIES[0], currencyCode: 'EUR' },
  ],
});

describe('platformConfigChanged', () => {
  it('matches the topic contract, keyed by the platform', () => {
    const event = PLATFORM_EVENTS.decode(JSON.stringify(platformConfigChanged(config)));

    expect(event).toMatchObject({
      type: 'platform-config.changed',
      platformId: 'Platform:5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10',
      aggregateId: 'Platform:5e0c6f1a-7d7b-4f41-b0a8-1f4f3f6c2b10',
      environment: 'PRODUCTION',
      payload: {
        platformConfigId: 'PlatformConfig:9d0f8a1e-8c2b-4a0b-8f51-0d5d7e0c3a21',
        currencies: ['USD', 'EUR'],
        umaDomain: 'acme.uma.local',
        supportedCurrencies: [
          {
            currencyCode: 'USD',
            minAmount: 1,
            maxAmount: 100_000_000,
            enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
          },
          {
            currencyCode: 'EUR',
            minAmount: 1,
            maxAmount: 100_000_000,
            enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
          },
        ],
      },
    });
    expect(event.payload).not.toHaveProperty('webhookEndpoint');
  });

  it('carries the webhook endpoint when there is one', () => {
    const event = platformConfigChanged(
      Object.assign(new PlatformConfig(), config, { webhookEndpoint: 'https://acme.example/hooks' }),
    );
    expect(event.payload.webhookEndpoint).toBe('https://acme.example/hooks');
  });
});
