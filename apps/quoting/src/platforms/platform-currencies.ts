import { Controller, Injectable } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { CurrencyLimitsV1, PLATFORM_EVENTS, PlatformEvent, uuidOf } from '@payments/contracts';
import { ApiException, PlatformScope, scopeKey } from '@payments/http';
import { handleOnce } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { PlatformCurrenciesStore } from '@quoting/platforms/platform-currencies.store';

/**
 * How long a replica reuses a platform's limits before reading them again: a quote costs no query
 * for them, and a changed configuration applies to quotes within this time.
 */
const LOCAL_COPY_MS = 1_000;

/**
 * Each platform's supported currencies with their limits, projected from its configuration events:
 * a quote is checked against them without a call to the customers app.
 */
@Injectable()
export class PlatformCurrencies {
  private readonly recent = new Map<string, { readAt: number; currencies: CurrencyLimitsV1[] }>();

  constructor(private readonly store: PlatformCurrenciesStore) {}

  /** The currencies the platform has enabled for payments in `direction`. */
  async enabledCodes(scope: PlatformScope, direction: 'INCOMING' | 'OUTGOING'): Promise<string[]> {
    return (await this.all(scope))
      .filter((entry) => entry.enabledTransactionTypes.includes(direction))
      .map((entry) => entry.currencyCode);
  }

  /** 400 INVALID_CURRENCY unless the platform supports the currency in this direction. */
  async limitsOf(
    scope: PlatformScope,
    currency: string,
    direction: 'INCOMING' | 'OUTGOING',
  ): Promise<CurrencyLimitsV1> {
    const limits = (await this.all(scope)).find((entry) => entry.currencyCode === currency);
    if (!limits || !limits.enabledTransactionTypes.includes(direction)) {
      throw new ApiException(
        'INVALID_CURRENCY',
        `${currency} is not enabled for ${direction.toLowerCase()} payments in this platform's supportedCurrencies`,
      );
    }
    return limits;
  }

  private async all(scope: PlatformScope): Promise<CurrencyLimitsV1[]> {
    const key = scopeKey(scope);
    const cached = this.recent.get(key);
    if (cached && Date.now() - cached.readAt < LOCAL_COPY_MS) return cached.currencies;
    const currencies = await this.store.currenciesOf(scope);
    // Stale entries of other platforms are dropped as they come up again; the map stays bounded by
    // the platforms quoting in the last second.
    if (this.recent.size > 10_000) this.recent.clear();
    this.recent.set(key, { readAt: Date.now(), currencies });
    return currencies;
  }
}

@Controller()
export class PlatformCurrenciesConsumer {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: PlatformCurrenciesStore,
  ) {}

  /** Events of one platform arrive in order (keyed by platform); the time guard covers a replay from the start. */
  @EventPattern(PLATFORM_EVENTS.name)
  async onPlatformEvent(@Payload() event: PlatformEvent): Promise<void> {
    const { supportedCurrencies } = event.payload;
    if (!supportedCurrencies) return;
    await handleOnce(this.dataSource, 'quoting.platform-currencies', event, (manager) =>
      this.store.project(manager, {
        platformId: uuidOf('Platform', event.platformId)!,
        environment: event.environment,
        currencies: supportedCurrencies,
        occurredAt: event.occurredAt,
      }),
    );
  }
}
