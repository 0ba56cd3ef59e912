import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { QuoteRateDetails, TransferFee } from '@payments/contracts';
import { PlatformScope } from '@payments/http';
import { minorUnitsPerMajor, Ratio } from '@payments/money';
import { FeeRuleTransactionType } from '@quoting/fee-rules/fee-rule.entity';
import { FeeRulesService } from '@quoting/fee-rules/fee-rules.service';
import { FeeTerms, LockedSide, Pricing, priceQuote } from '@quoting/pricing/quote-pricing';
import { QuotingEnvironment } from '@quoting/quoting.environment';
import { RateBook } from '@quoting/rates/rate-book';

const USD_CENTS = 100n;
const RATE_DIGITS = 12;

export interface PricedQuote extends Pricing {
  /** Sending units per receiving unit, the exact decimal a quote shows as exchangeRate. */
  exchangeRate: string;
  rateDetails: QuoteRateDetails;
  ratesAsOf: string;
}

/** Which fee rule applies to a conversion (docs/api.md): to or from BTC is a ramp, fiat to fiat a payout. */
export function feeRuleTypeOf(sendingCurrency: string, receivingCurrency: string): FeeRuleTransactionType {
  if (receivingCurrency === 'BTC') return 'RAMP_ON';
  if (sendingCurrency === 'BTC') return 'RAMP_OFF';
  return 'CROSS_BORDER_PAYOUT';
}

/**
 * Prices a conversion for a platform: the rate from the rate book, the service's fee from its
 * configuration and the platform's from its enabled fee rule, fixed parts converted from USD cents
 * into the sending currency at the mid rate and rounded half up.
 */
@Injectable()
export class Pricer {
  private readonly serviceFixedCents: bigint;
  private readonly serviceVariableRate: Ratio;

  constructor(
    private readonly rates: RateBook,
    private readonly feeRules: FeeRulesService,
    config: ConfigService<QuotingEnvironment, true>,
  ) {
    this.serviceFixedCents = BigInt(config.get('SERVICE_FIXED_FEE_USD_CENTS', { infer: true }));
    this.serviceVariableRate = Ratio.parse(config.get('SERVICE_VARIABLE_FEE_RATE', { infer: true }));
  }

  /**
   * The platform's fee on a same-currency transfer (TRANSFER_IN or TRANSFER_OUT rule) of `amount`
   * minor units of `currency`, with the rate details the transaction shows; zero without a rule.
   */
  async transferFee(
    scope: PlatformScope,
    transactionType: 'TRANSFER_IN' | 'TRANSFER_OUT',
    currency: string,
    amount: bigint,
  ): Promise<TransferFee> {
    const rule = await this.feeRules.activeRule(scope, transactionType);
    const fixed = rule?.fixedFee
      ? fromUsdCents((await this.rates.rate('USD', currency)).mid, BigInt(rule.fixedFee), currency)
      : 0n;
    const variableRate = Ratio.parse(rule?.variableFeeRate ?? '0');
    const variable = variableRate.times(amount).roundHalfUp();
    return {
      platformFee: Number(fixed + variable),
      rateDetails: {
        serviceApiMultiplier: 1,
        serviceApiFixedFee: 0,
        serviceApiVariableFeeRate: 0,
        serviceApiVariableFeeAmount: 0,
        platformFixedFee: Number(fixed),
        platformVariableFeeRate: variableRate.toNumber(),
        platformVariableFeeAmount: Number(variable),
      },
    };
  }

  async price(
    scope: PlatformScope,
    conversion: {
      sendingCurrency: string;
      receivingCurrency: string;
      lockedSide: LockedSide;
      lockedAmount: bigint;
    },
  ): Promise<PricedQuote> {
    const { sendingCurrency, receivingCurrency } = conversion;
    const [pair, dollar, rule] = await Promise.all([
      this.rates.rate(sendingCurrency, receivingCurrency),
      this.rates.rate('USD', sendingCurrency),
      this.feeRules.activeRule(scope, feeRuleTypeOf(sendingCurrency, receivingCurrency)),
    ]);
    const inSendingUnits = (cents: bigint) => fromUsdCents(dollar.mid, cents, sendingCurrency);
    const service: FeeTerms = {
      fixed: inSendingUnits(this.serviceFixedCents),
      variableRate: this.serviceVariableRate,
    };
    const platform: FeeTerms = {
      fixed: inSendingUnits(BigInt(rule?.fixedFee ?? 0)),
      variableRate: Ratio.parse(rule?.variableFeeRate ?? '0'),
    };
    const pricing = priceQuote({ ...conversion, rate: pair.applied, service, platform });
    return {
      ...pricing,
      exchangeRate: Ratio.ONE.dividedBy(pair.applied).toDecimal(RATE_DIGITS),
      rateDetails: {
        counterpartyMultiplier: 1,
        counterpartyFixedFee: 0,
        serviceApiMultiplier: pair.applied.toNumber(RATE_DIGITS),
        serviceApiFixedFee: Number(pricing.service.fixed),
        serviceApiVariableFeeRate: this.serviceVariableRate.toNumber(),
        serviceApiVariableFeeAmount: Number(pricing.service.variable),
        platformFixedFee: Number(pricing.platform.fixed),
        platformVariableFeeRate: platform.variableRate.toNumber(),
        platformVariableFeeAmount: Number(pricing.platform.variable),
      },
      ratesAsOf: pair.asOf,
    };
  }
}

/** A fixed fee in USD cents, in minor units of `currency` at the mid rate, rounded half up. */
function fromUsdCents(usdToCurrency: Ratio, cents: bigint, currency: string): bigint {
  return usdToCurrency.times(cents).times(minorUnitsPerMajor(currency)).dividedBy(USD_CENTS).roundHalfUp();
}
