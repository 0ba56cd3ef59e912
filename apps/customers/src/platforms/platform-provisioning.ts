import { Environment, PLATFORM_EVENTS, toApiId } from '@payments/contracts';
import { Outbox } from '@payments/persistence';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { platformConfigChanged } from '@customers/platforms/platform-config-events';
import {
  CurrencyConfig,
  PlatformConfig,
  TRANSACTION_TYPES,
} from '@customers/platforms/platform-config.entity';
import { Platform } from '@customers/platforms/platform.entity';
import { distinctDnsLabel, dnsLabelOf } from '@customers/uma/uma-names';

/** What a new platform may do until it changes its configuration: USD, from one cent to one million dollars. */
export const DEFAULT_SUPPORTED_CURRENCIES: readonly CurrencyConfig[] = [
  {
    currencyCode: 'USD',
    minAmount: 1,
    maxAmount: 100_000_000,
    requiredCounterpartyFields: [],
    enabledTransactionTypes: [...TRANSACTION_TYPES],
  },
];

/**
 * The platform's host names under the service's UMA proxy domain. Sandbox gets its own, so that a UMA
 * address always belongs to one environment; a slug never holds a dot, so no two platforms can clash.
 */
export function defaultUmaNames(
  slug: string,
  environment: Environment,
  proxyDomain: string,
): { umaDomain: string; proxyUmaSubdomain: string } {
  const proxyUmaSubdomain = environment === Environment.Sandbox ? `${slug}.sandbox` : slug;
  return { umaDomain: `${proxyUmaSubdomain}.${proxyDomain}`, proxyUmaSubdomain };
}

/**
 * Creates the platform named `name` with its sandbox and production configs, unless a platform of that
 * name exists; returns the platform's API id either way. Concurrent calls for one name are safe: the
 * unique name makes the second insert wait for the first and then find its platform.
 */
export async function ensurePlatform(
  dataSource: DataSource,
  outbox: Outbox,
  name: string,
  proxyDomain: string,
): Promise<string> {
  return dataSource.transaction(async (manager) => {
    const platform = await claimPlatform(manager, name);
    if (platform.created) {
      const now = new Date();
      const configs = Object.values(Environment).map((environment) =>
        manager.create(PlatformConfig, {
          id: randomUUID(),
          platformId: platform.id,
          environment,
          ...defaultUmaNames(platform.slug, environment, proxyDomain),
          webhookEndpoint: null,
          webhookFormat: 'LEGACY',
          supportedCurrencies: DEFAULT_SUPPORTED_CURRENCIES.map((currency) => ({ ...currency })),
          isRegulatedFinancialInstitution: false,
          createdAt: now,
          updatedAt: now,
        }),
      );
      await manager.insert(PlatformConfig, configs);
      await outbox.add(manager, PLATFORM_EVENTS, configs.map(platformConfigChanged));
    }
    return toApiId('Platform', platform.id);
  });
}

async function claimPlatform(
  manager: EntityManager,
  name: string,
): Promise<{ id: string; slug: string; created: boolean }> {
  const id = randomUUID();
  const slug = dnsLabelOf(name);
  // The second slug is for a name that reads like another platform's ("Acme" and "acme").
  for (const candidate of [slug, distinctDnsLabel(slug, id.slice(0, 8))]) {
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(Platform)
      .values({ id, name, slug: candidate })
      .orIgnore()
      .returning('id')
      .execute();
    if (inserted.raw.length === 1) return { id, slug: candidate, created: true };
    const existing = await manager.findOneBy(Platform, { name });
    if (existing) return { id: existing.id, slug: existing.slug, created: false };
  }
  throw new Error(`No free slug for platform ${name}`);
}
