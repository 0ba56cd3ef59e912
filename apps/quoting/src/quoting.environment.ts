import { Type } from 'class-transformer';
import { IsIn, IsInt, IsUrl, Matches, Max, Min, ValidateIf } from 'class-validator';
import { CommonEnvironment } from '@payments/runtime';

const internalUrl = { require_tld: false, protocols: ['http', 'https'] };
const DECIMAL_RATE = /^0(\.\d{1,6})?$/;

export const RATE_SOURCES = ['built-in', 'http'] as const;
export type RateSourceName = (typeof RATE_SOURCES)[number];

export class QuotingEnvironment extends CommonEnvironment {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  QUOTING_PORT = 8082;

  /** Internal accounts (source of a quote, funding account of a just-in-time quote). */
  @IsUrl(internalUrl) LEDGER_URL = 'http://127.0.0.1:8084';

  /** External accounts (destination of a quote; created with it from externalAccountDetails). */
  @IsUrl(internalUrl) CUSTOMERS_URL = 'http://127.0.0.1:8081';

  /** Turns an executed quote into a transaction. */
  @IsUrl(internalUrl) TRANSFERS_URL = 'http://127.0.0.1:8083';

  /** How long a quote's rate holds (docs/api.md#limits: default 300). */
  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(3600)
  QUOTE_TTL_SECONDS = 300;

  /** The domain of the simulated UMA receivers (docs/api.md#sandbox), reachable with sandbox credentials. */
  @Matches(/^[a-z0-9.-]+(:\d{1,5})?$/i, { message: 'SANDBOX_UMA_DOMAIN must be a host name' })
  SANDBOX_UMA_DOMAIN = 'sandbox.grid.uma.money';

  /** Where mid rates come from: the built-in table, or a JSON document at RATE_SOURCE_URL. */
  @IsIn(RATE_SOURCES) RATE_SOURCE: RateSourceName = 'built-in';

  @ValidateIf((environment: QuotingEnvironment) => environment.RATE_SOURCE === 'http')
  @IsUrl(internalUrl)
  RATE_SOURCE_URL = '';

  /** How long fetched mid rates are kept in Redis (docs/api.md, "Exchange rates": about five minutes). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3600)
  RATE_CACHE_SECONDS = 300;

  /** The service's margin on the mid rate, in basis points. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1000)
  FX_SPREAD_BPS = 50;

  /** The service's own fee on every quote: a fixed part in USD cents and a rate on the sending amount. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000)
  SERVICE_FIXED_FEE_USD_CENTS = 10;

  @Matches(DECIMAL_RATE, {
    message: 'SERVICE_VARIABLE_FEE_RATE must be a decimal in [0, 1) with up to 6 places',
  })
  SERVICE_VARIABLE_FEE_RATE = '0.003';
}
