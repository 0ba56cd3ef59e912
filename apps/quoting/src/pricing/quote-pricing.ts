import { ApiException } from '@payments/http';
import { minorUnitsPerMajor, Ratio } from '@payments/money';

export type LockedSide = 'SENDING' | 'RECEIVING';

/** A fee charged in the sending currency: a fixed part (already converted) and a rate on the sending amount. */
export interface FeeTerms {
  fixed: bigint;
  variableRate: Ratio;
}

export interface PricingRequest {
  sendingCurrency: string;
  receivingCurrency: string;
  /** Receiving major units one sending major unit buys, spread included. */
  rate: Ratio;
  lockedSide: LockedSide;
  lockedAmount: bigint;
  service: FeeTerms;
  platform: FeeTerms;
}

export interface FeeAmounts {
  fixed: bigint;
  variable: bigint;
}

export interface Pricing {
  /** Debited from the sender, fees included (minor units of the sending currency). */
  totalSendingAmount: bigint;
  /** Paid to the recipient (minor units of the receiving currency). */
  totalReceivingAmount: bigint;
  feesIncluded: bigint;
  service: FeeAmounts;
  platform: FeeAmounts;
}

/**
 * Prices a quote exactly. Fees are taken from the sending amount: each variable fee is its rate
 * times the total sending amount, rounded half up. What is left after fees is converted at `rate`.
 * The side the client locks is exact; the derived side is rounded so that the service never pays
 * out more than it takes in: a derived receiving amount rounds down, a derived sending amount is
 * the smallest one whose converted remainder covers the locked receiving amount.
 */
export function priceQuote(request: PricingRequest): Pricing {
  const minorRate = request.rate
    .times(minorUnitsPerMajor(request.receivingCurrency))
    .dividedBy(minorUnitsPerMajor(request.sendingCurrency));
  if (minorRate.isZero())
    throw new ApiException(
      'INVALID_CURRENCY',
      `No exchange rate from ${request.sendingCurrency} to ${request.receivingCurrency}: quote a currency pair the rates cover`,
    );

  const totalSendingAmount =
    request.lockedSide === 'SENDING'
      ? request.lockedAmount
      : smallestSendingAmountFor(Ratio.of(request.lockedAmount).dividedBy(minorRate).ceil(), request);
  const service = feeOn(totalSendingAmount, request.service);
  const platform = feeOn(totalSendingAmount, request.platform);
  const feesIncluded = service.fixed + service.variable + platform.fixed + platform.variable;
  if (feesIncluded >= totalSendingAmount) {
    throw new ApiException('AMOUNT_OUT_OF_RANGE', 'The amount does not cover the fees: send more', {
      feesIncluded: feesIncluded.toString(),
    });
  }
  const totalReceivingAmount =
    request.lockedSide === 'RECEIVING'
      ? request.lockedAmount
      : Ratio.of(totalSendingAmount - feesIncluded)
          .times(minorRate)
          .floor();
  if (totalReceivingAmount === 0n) {
    throw new ApiException(
      'AMOUNT_OUT_OF_RANGE',
      'The amount is too small to deliver anything after fees: send more',
    );
  }
  return { totalSendingAmount, totalReceivingAmount, feesIncluded, service, platform };
}

function feeOn(sendingAmount: bigint, terms: FeeTerms): FeeAmounts {
  return { fixed: terms.fixed, variable: terms.variableRate.times(sendingAmount).roundHalfUp() };
}

function netOf(sendingAmount: bigint, request: PricingRequest): bigint {
  const service = feeOn(sendingAmount, request.service);
  const platform = feeOn(sendingAmount, request.platform);
  return sendingAmount - service.fixed - service.variable - platform.fixed - platform.variable;
}

/**
 * The smallest sending amount whose net of fees reaches `net`. The net never falls as the amount
 * grows (each added unit adds at most one unit of rounded variable fee while rates stay below one),
 * so an estimate from the rates is corrected by stepping to the boundary.
 */
function smallestSendingAmountFor(net: bigint, request: PricingRequest): bigint {
  const keptRate = Ratio.ONE.minus(request.service.variableRate).minus(request.platform.variableRate);
  if (keptRate.isZero())
    throw new ApiException('AMOUNT_OUT_OF_RANGE', 'The fees take the whole amount: send more');
  let amount = Ratio.of(net + request.service.fixed + request.platform.fixed)
    .dividedBy(keptRate)
    .ceil();
  while (amount > 1n && netOf(amount - 1n, request) >= net) amount -= 1n;
  while (netOf(amount, request) < net) amount += 1n;
  return amount;
}
