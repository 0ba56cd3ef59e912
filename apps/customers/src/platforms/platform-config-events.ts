import { createEvent, PlatformEvent, toApiId } from '@payments/contracts';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { eventScopeOf } from '@customers/platforms/platform-scope';

/** Keyed by the platform, so that the changes of its configs reach consumers in order. */
export function platformConfigChanged(config: PlatformConfig): PlatformEvent {
  const scope = eventScopeOf(config);
  return createEvent('platform-config.changed', 1, scope, scope.platformId, {
    platformConfigId: toApiId('PlatformConfig', config.id),
    currencies: config.supportedCurrencies.map((currency) => currency.currencyCode),
    umaDomain: config.umaDomain,
    supportedCurrencies: config.supportedCurrencies.map(
      ({ currencyCode, minAmount, maxAmount, enabledTransactionTypes }) => ({
        currencyCode,
        minAmount,
        maxAmount,
        enabledTransactionTypes,
      }),
    ),
    ...(config.webhookEndpoint ? { webhookEndpoint: config.webhookEndpoint } : {}),
    webhookFormat: config.webhookFormat,
  });
}
