import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiException } from '@payments/http';
import { Ratio } from '@payments/money';
import { REDIS } from '@payments/runtime';
import Redis from 'ioredis';
import { Counter } from 'prom-client';
import { QuotingEnvironment } from '@quoting/quoting.environment';
import { MidRates, RATE_SOURCE, RateSource } from '@quoting/rates/rate-source';

/** Replicas re-read Redis at most this often, so a quote costs no round trip for its rate. */
const LOCAL_COPY_MS = 1_000;
const BASIS_POINTS = 10_000n;

const rateFetches = new Counter({
  name: 'quoting_rate_fetches_total',
  help: 'Mid-rate reads by where they were answered from',
  labelNames: ['from'] as const,
});

/** The rate between two currencies: the market's mid rate and the one the service prices with. */
export interface PairRate {
  /** Receiving units one sending unit buys at mid market. */
  mid: Ratio;
  /** `mid` less the service's spread: what a quote converts at. */
  applied: Ratio;
  asOf: string;
}

/**
 * Mid rates from the configured source, cached in Redis for RATE_CACHE_SECONDS so that every
 * replica prices with the same rates and the source is asked about once per period.
 */
@Injectable()
export class RateBook {
  private readonly logger = new Logger(RateBook.name);
  private readonly cacheKey: string;
  private readonly cacheSeconds: number;
  private readonly keptAfterSpread: Ratio;
  private local?: { rates: MidRates; readAt: number };
  private refreshing?: Promise<MidRates>;

  constructor(
    @Inject(RATE_SOURCE) private readonly source: RateSource,
    @Inject(REDIS) private readonly redis: Redis,
    config: ConfigService<QuotingEnvironment, true>,
  ) {
    this.cacheKey = `${config.get('KAFKA_TOPIC_PREFIX', { infer: true })}quoting:mid-rates:${source.name}`;
    this.cacheSeconds = config.get('RATE_CACHE_SECONDS', { infer: true });
    this.keptAfterSpread = Ratio.of(
      BASIS_POINTS - BigInt(config.get('FX_SPREAD_BPS', { infer: true })),
      BASIS_POINTS,
    );
  }

  async rate(sendingCurrency: string, receivingCurrency: string): Promise<PairRate> {
    const { perUsd, asOf } = await this.midRates();
    const [sending, receiving] = [perUsd[sendingCurrency], perUsd[receivingCurrency]];
    if (!sending || !receiving) {
      throw new ApiException(
        'INVALID_CURRENCY',
        `No exchange rate from ${sendingCurrency} to ${receivingCurrency} is available`,
      );
    }
    const mid = Ratio.parse(receiving).dividedBy(Ratio.parse(sending));
    // Converting a currency into itself costs no spread.
    const applied = sendingCurrency === receivingCurrency ? mid : mid.times(this.keptAfterSpread);
    return { mid, applied, asOf };
  }

  private async midRates(): Promise<MidRates> {
    if (this.local && Date.now() - this.local.readAt < LOCAL_COPY_MS) return this.local.rates;
    this.refreshing ??= this.readShared().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async readShared(): Promise<MidRates> {
    const cached = await this.redis.get(this.cacheKey);
    let rates: MidRates;
    if (cached) {
      rates = JSON.parse(cached) as MidRates;
      rateFetches.inc({ from: 'redis' });
    } else {
      rates = await this.source.fetch().catch((error) => {
        this.logger.error({ err: error, source: this.source.name }, 'the rate source failed');
        throw new ApiException('SERVICE_UNAVAILABLE', 'Exchange rates are unavailable; try again shortly');
      });
      rateFetches.inc({ from: 'source' });
      await this.redis.set(this.cacheKey, JSON.stringify(rates), 'EX', this.cacheSeconds);
    }
    this.local = { rates, readAt: Date.now() };
    return rates;
  }
}
