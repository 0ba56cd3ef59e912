import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrencyView, CurrentCaller, scopeOf } from '@payments/http';
import { Currency, currencyOf, SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { PlatformCurrencies } from '@quoting/platforms/platform-currencies';
import { Pricer } from '@quoting/pricing/pricer';
import { ExchangeRatesQuery } from '@quoting/rates/dto/exchange-rates.query';
import { Ratio } from '@payments/money';

/** The rail a payout in each currency goes over. */
const PAYMENT_RAILS: Record<string, string> = {
  USD: 'ACH',
  EUR: 'SEPA_INSTANT',
  GBP: 'FASTER_PAYMENTS',
  CAD: 'EFT',
  MXN: 'SPEI',
  BRL: 'PIX',
  INR: 'UPI',
  PHP: 'INSTAPAY',
  NGN: 'NIP',
  KES: 'MPESA',
  BTC: 'LIGHTNING',
};

class ExchangeRateFeesView {
  @ApiProperty({ type: 'integer', description: 'Fixed fees, in the smallest unit of the source currency' })
  fixed: number;
  @ApiProperty({ type: 'integer', description: 'Fixed and variable fees of the service and the platform' })
  total: number;
}

class ExchangeRateView {
  @ApiProperty({ type: CurrencyView }) sourceCurrency: Currency;
  @ApiProperty({ type: CurrencyView }) destinationCurrency: Currency;
  @ApiProperty({ example: 'SPEI' }) destinationPaymentRail: string;
  @ApiProperty({ type: 'integer' }) sendingAmount: number;
  @ApiProperty({ type: 'integer' }) receivingAmount: number;
  @ApiProperty({ description: 'Source currency units per destination currency unit' }) exchangeRate: number;
  @ApiProperty({ type: ExchangeRateFeesView }) fees: ExchangeRateFeesView;
  @ApiPropertyOptional({ type: 'integer' }) minSendingAmount?: number;
  @ApiPropertyOptional({ type: 'integer' }) maxSendingAmount?: number;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

class ExchangeRateList {
  @ApiProperty({ type: [ExchangeRateView] }) data: ExchangeRateView[];
}

@ApiTags('Exchange rates')
@ApiBasicAuth()
@Controller('exchange-rates')
export class ExchangeRatesController {
  constructor(
    private readonly pricer: Pricer,
    private readonly currencies: PlatformCurrencies,
  ) {}

  @Get()
  @ApiOperation({
    summary: "Current rates (cached about five minutes) with the service's and the caller's platform fees",
  })
  @ApiOkResponse({ type: ExchangeRateList })
  @ApiBadRequestResponse({
    description: 'INVALID_INPUT; AMOUNT_OUT_OF_RANGE: the fees take the whole sending amount',
  })
  async list(@CurrentCaller() caller: Caller, @Query() query: ExchangeRatesQuery): Promise<ExchangeRateList> {
    const scope = scopeOf(caller);
    const sources = query.sourceCurrency
      ? [query.sourceCurrency]
      : await this.currencies.enabledCodes(scope, 'OUTGOING');
    const data: ExchangeRateView[] = [];
    for (const source of sources) {
      const limits = await this.currencies.limitsOf(scope, source, 'OUTGOING').catch(() => undefined);
      const destinations = (query.destinationCurrency ?? SUPPORTED_CURRENCY_CODES).filter(
        (code) => code !== source,
      );
      for (const destination of destinations) {
        const priced = await this.pricer.price(scope, {
          sendingCurrency: source,
          receivingCurrency: destination,
          lockedSide: 'SENDING',
          lockedAmount: BigInt(query.sendingAmount),
        });
        data.push({
          sourceCurrency: currencyOf(source),
          destinationCurrency: currencyOf(destination),
          destinationPaymentRail: PAYMENT_RAILS[destination],
          sendingAmount: query.sendingAmount,
          receivingAmount: Number(priced.totalReceivingAmount),
          exchangeRate: Ratio.parse(priced.exchangeRate).toNumber(),
          fees: {
            fixed: Number(priced.service.fixed + priced.platform.fixed),
            total: Number(priced.feesIncluded),
          },
          ...(limits ? { minSendingAmount: limits.minAmount, maxSendingAmount: limits.maxAmount } : {}),
          updatedAt: priced.ratesAsOf,
        });
      }
    }
    return { data };
  }
}
