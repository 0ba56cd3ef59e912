import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PLATFORM_EVENTS, toApiId } from '@payments/contracts';
import { ApiException, Caller, PlatformScope, scopeOf } from '@payments/http';
import { Outbox, recordAuditChange, RowCache, RowChanges } from '@payments/persistence';
import { DataSource, EntityManager, IsNull, Like } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';
import { violatedUniqueConstraint } from '@customers/database-errors';
import {
  SupportedCurrencyDto,
  UpdatePlatformConfigDto,
} from '@customers/platforms/dto/update-platform-config.dto';
import { auditedConfigOf } from '@customers/platforms/platform-config.audit';
import { platformConfigChanged } from '@customers/platforms/platform-config-events';
import {
  CurrencyConfig,
  PlatformConfig,
  TRANSACTION_TYPES,
  UMA_DOMAIN_UNIQUE,
} from '@customers/platforms/platform-config.entity';
import { presentPlatformConfig, PlatformConfigView } from '@customers/platforms/platform-config.view';
import { UmaDomainDns } from '@customers/platforms/uma-domains/uma-domain-dns';
import { UmaDomainRules } from '@customers/platforms/uma-domains/uma-domain-rules';
import { WebhookEndpointPolicy } from '@customers/platforms/webhook-endpoint.policy';
import { WebhookKeys, WebhookSigningKeyClient } from '@customers/platforms/webhook-signing-key.client';

type LockMode = 'pessimistic_read' | 'pessimistic_write';

/** Configs stay in memory until they change (see the row-change migration). */
const CACHED_CONFIGS = { maxEntries: 1_000, ttlMs: 60_000 };

/** The row-cache key of a config, as its trigger announces it. */
const cacheKeyOf = (scope: PlatformScope) => `${scope.platformId}:${scope.environment}`;

@Injectable()
export class PlatformConfigsService {
  private readonly cached: RowCache<PlatformConfig>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly signingKey: WebhookSigningKeyClient,
    rowChanges: RowChanges,
    private readonly domains: UmaDomainRules,
    private readonly dns: UmaDomainDns,
    private readonly endpointPolicy: WebhookEndpointPolicy,
  ) {
    this.cached = rowChanges.cacheOf<PlatformConfig>('platform_configs', CACHED_CONFIGS);
  }

  async get(caller: Caller): Promise<PlatformConfigView> {
    const scope = scopeOf(caller);
    const [config, webhookKeys] = await Promise.all([
      this.cachedConfig(scope),
      this.signingKey.keysOf(scope),
    ]);
    return this.present(config, webhookKeys);
  }

  /** The codes of the currencies the platform has enabled, read as recently as the config cache allows. */
  async currencyCodes(scope: PlatformScope): Promise<string[]> {
    const config = await this.cachedConfig(scope);
    return config.supportedCurrencies.map((currency) => currency.currencyCode);
  }

  async update(caller: Caller, changes: UpdatePlatformConfigDto): Promise<PlatformConfigView> {
    const scope = scopeOf(caller);
    this.endpointPolicy.check(changes.webhookEndpoint, scope.environment);
    // Fetched before the change, so that an unavailable key never fails a request whose change committed.
    const webhookKeys = await this.signingKey.keysOf(scope);
    try {
      const config = await this.dataSource.transaction(async (manager) => {
        const config = await this.find(manager, scope, 'pessimistic_write');
        const update: Partial<PlatformConfig> = { updatedAt: new Date() };
        if (changes.umaDomain !== undefined && changes.umaDomain !== config.umaDomain) {
          await this.assertDomainMovable(manager, config, changes.umaDomain);
          update.umaDomain = changes.umaDomain;
          update.umaDomainVerifiedAt = null;
        }
        if (changes.webhookEndpoint !== undefined) update.webhookEndpoint = changes.webhookEndpoint;
        if (changes.webhookFormat !== undefined) update.webhookFormat = changes.webhookFormat;
        if (changes.supportedCurrencies !== undefined)
          update.supportedCurrencies = changes.supportedCurrencies.map(currencyConfigOf);
        const before = auditedConfigOf(config);
        await manager.update(PlatformConfig, config.id, update);
        Object.assign(config, update);
        await this.outbox.add(manager, PLATFORM_EVENTS, platformConfigChanged(config), caller.requestId);
        await recordAuditChange(manager, scope, caller.requestId, {
          resourceId: toApiId('PlatformConfig', config.id),
          before,
          after: auditedConfigOf(config),
        });
        return config;
      });
      // Every replica hears of the change from its trigger; this one forgets at once for its caller's next read.
      this.cached.evict(cacheKeyOf(scope));
      return this.present(config, webhookKeys);
    } catch (error) {
      if (violatedUniqueConstraint(error) === UMA_DOMAIN_UNIQUE) {
        throw new ApiException(
          'CONFLICT',
          `The UMA domain ${changes.umaDomain} is already another platform's: choose another umaDomain`,
        );
      }
      throw error;
    }
  }

  /**
   * Proves the caller's umaDomain by its TXT record (docs/uma.md): 422 UMA_DOMAIN_NOT_VERIFIED while
   * no record at `_grid-uma-verify.<domain>` reads the config's token. Recorded only for the domain
   * read, so a PATCH racing the lookup leaves its new domain unproven.
   */
  async verifyUmaDomain(caller: Caller): Promise<PlatformConfigView> {
    const scope = scopeOf(caller);
    const [config, webhookKeys] = await Promise.all([
      this.find(this.dataSource.manager, scope),
      this.signingKey.keysOf(scope),
    ]);
    if (!this.domains.isVerified(config)) {
      const { recordName, token } = this.domains.verificationOf(config);
      if (!(await this.dns.txtRecords(recordName)).includes(token)) {
        throw new ApiException(
          'UMA_DOMAIN_NOT_VERIFIED',
          `No TXT record at ${recordName} reads ${token}; DNS changes may take a while to be seen`,
        );
      }
      config.umaDomainVerifiedAt = new Date();
      await this.dataSource.manager.update(
        PlatformConfig,
        { id: config.id, umaDomain: config.umaDomain },
        { umaDomainVerifiedAt: config.umaDomainVerifiedAt },
      );
      this.cached.evict(cacheKeyOf(scope));
    }
    return this.present(config, webhookKeys);
  }

  /**
   * 400 for a sandbox domain outside the deployment's suffix; 409 while live customers hold addresses
   * on the domain left, which would then name no one, or someone else once another platform takes it.
   */
  private async assertDomainMovable(manager: EntityManager, config: PlatformConfig, umaDomain: string) {
    this.domains.assertSettable(config.environment, umaDomain);
    const holders = await manager.count(Customer, {
      where: {
        platformId: config.platformId,
        environment: config.environment,
        deletedAt: IsNull(),
        umaAddress: Like(`%@${config.umaDomain}`),
      },
    });
    if (holders > 0) {
      throw new ApiException(
        'CONFLICT',
        `${holders} customers hold UMA addresses on ${config.umaDomain}; the domain cannot change under them`,
      );
    }
  }

  private cachedConfig(scope: PlatformScope): Promise<PlatformConfig> {
    return this.cached.read(cacheKeyOf(scope), () => this.find(this.dataSource.manager, scope));
  }

  private present(config: PlatformConfig, webhookKeys: WebhookKeys): PlatformConfigView {
    return presentPlatformConfig(config, webhookKeys, this.domains.verificationOf(config));
  }

  /**
   * The config of `scope`, share-locked until the transaction ends: a customer is created or changed
   * against the config a concurrent PATCH leaves behind, never against the one it replaces.
   */
  holdForCustomerChange(manager: EntityManager, scope: PlatformScope): Promise<PlatformConfig> {
    return this.find(manager, scope, 'pessimistic_read');
  }

  private async find(manager: EntityManager, scope: PlatformScope, lock?: LockMode): Promise<PlatformConfig> {
    const config = await manager.findOne(PlatformConfig, {
      where: { platformId: scope.platformId, environment: scope.environment },
      ...(lock ? { lock: { mode: lock } } : {}),
    });
    // Every platform gets its configs with the platform itself; a caller without one has no platform here.
    if (!config) throw new ApiException('NOT_FOUND', 'No configuration exists for this platform');
    return config;
  }
}

/** Only the settable fields: the read-only provider requirements a client echoes back are dropped. */
function currencyConfigOf(currency: SupportedCurrencyDto): CurrencyConfig {
  return {
    currencyCode: currency.currencyCode,
    minAmount: currency.minAmount,
    maxAmount: currency.maxAmount,
    requiredCounterpartyFields: currency.requiredCounterpartyFields.map(({ name, mandatory }) => ({
      name,
      mandatory,
    })),
    enabledTransactionTypes: currency.enabledTransactionTypes ?? [...TRANSACTION_TYPES],
  };
}
