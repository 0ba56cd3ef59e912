import { ApiException } from '@payments/http';
import { minorUnitsPerMajor, Ratio, SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { PricingRequest, priceQuote } from '@quoting/pricing/quote-pricing';

/** A small seeded generator (mulberry32), so that a failing case can be replayed from its seed. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    integer,
    pick: <T>(items: readonly T[]) => items[integer(0, items.length - 1)],
    /** A decimal with up to `places` fraction digits in [0, max]. */
    decimal: (max: number, places: number) => (integer(0, max * 10 ** places) / 10 ** places).toFixed(places),
    bigAmount: () => BigInt(integer(1, 9)) * 10n ** BigInt(integer(0, 15)) + BigInt(integer(0, 999)),
  };
}

function randomRequest(random: ReturnType<typeof randomSource>): PricingRequest {
  const sendingCurrency = random.pick(SUPPORTED_CURRENCY_CODES);
  const receivingCurrency = random.pick(SUPPORTED_CURRENCY_CODES.filter((code) => code !== sendingCurrency));
  return {
    sendingCurrency,
    receivingCurrency,
    rate: Ratio.parse(`${random.integer(0, 2000)}.${String(random.integer(1, 999_999)).padStart(6, '0')}`),
    lockedSide: random.pick(['SENDING', 'RECEIVING'] as const),
    lockedAmount: random.bigAmount(),
    service: { fixed: BigInt(random.integer(0, 50)), variableRate: Ratio.parse(random.decimal(0.01, 4)) },
    platform: { fixed: BigInt(random.integer(0, 10_000)), variableRate: Ratio.parse(random.decimal(0.2, 6)) },
  };
}

function netConverted(request: PricingRequest, sending: bigint, fees: bigint): Ratio {
  return Ratio.of(sending - fees)
    .times(request.rate)
    .times(minorUnitsPerMajor(request.receivingCurrency))
    .dividedBy(minorUnitsPerMajor(request.sendingCurrency));
}

describe('priceQuote (properties over random amounts, rates and fee rules)', () => {
  const CASES = 5_000;

  it('keeps the locked side exact, never overpays, and shows fees that add up', () => {
    const random = randomSource(20261121);
    let priced = 0;
    for (let i = 0; i < CASES; i++) {
      const request = randomRequest(random);
      let pricing;
      try {
        pricing = priceQuote(request);
      } catch (error) {
        // Only a request whose fees swallow it (or that delivers nothing) is refused, and as a 400.
        expect(error).toBeInstanceOf(ApiException);
        expect((error as ApiException).code).toBe('AMOUNT_OUT_OF_RANGE');
        continue;
      }
      priced++;
      const { totalSendingAmount, totalReceivingAmount, feesIncluded, service, platform } = pricing;
      const locked = request.lockedSide === 'SENDING' ? totalSendingAmount : totalReceivingAmount;
      expect(locked).toBe(request.lockedAmount);

      // Fees are the rule's components on the sending amount, each variable part rounded half up.
      expect(feesIncluded).toBe(service.fixed + service.variable + platform.fixed + platform.variable);
      expect(service.variable).toBe(request.service.variableRate.times(totalSendingAmount).roundHalfUp());
      expect(platform.variable).toBe(request.platform.variableRate.times(totalSendingAmount).roundHalfUp());
      expect(feesIncluded < totalSendingAmount).toBe(true);

      // What the recipient gets is covered by what is left of the sending amount after fees.
      const covered = netConverted(request, totalSendingAmount, feesIncluded);
      expect(Ratio.of(totalReceivingAmount).compare(covered)).toBeLessThanOrEqual(0);
      if (request.lockedSide === 'SENDING') {
        // Rounded down, by less than one minor unit.
        expect(covered.compare(Ratio.of(totalReceivingAmount + 1n))).toBe(-1);
      } else if (totalSendingAmount > 1n) {
        // The smallest sending amount that covers it: one unit less would not.
        const less = totalSendingAmount - 1n;
        const lessFees =
          request.service.fixed +
          request.platform.fixed +
          request.service.variableRate.times(less).roundHalfUp() +
          request.platform.variableRate.times(less).roundHalfUp();
        const coveredByLess = less > lessFees ? netConverted(request, less, lessFees) : Ratio.ZERO;
        expect(coveredByLess.compare(Ratio.of(totalReceivingAmount))).toBe(-1);
      }
    }
    expect(priced).toBeGreaterThan(CASES / 2);
  });

  it('prices a known quote exactly', () => {
    const pricing = priceQuote({
      sendingCurrency: 'USD',
      receivingCurrency: 'MXN',
      rate: Ratio.parse('17.06425'),
      lockedSide: 'SENDING',
      lockedAmount: 10_000n,
      service: { fixed: 10n, variableRate: Ratio.parse('0.003') },
      platform: { fixed: 50n, variableRate: Ratio.parse('0.005') },
    });
    // Fees 10 + 30 + 50 + 50 = 140; 9,860 cents at 17.06425 = 168,253.5 centavos, rounded down.
    expect(pricing).toEqual({
      totalSendingAmount: 10_000n,
      totalReceivingAmount: 168_253n,
      feesIncluded: 140n,
      service: { fixed: 10n, variable: 30n },
      platform: { fixed: 50n, variable: 50n },
    });
  });

  it('finds the smallest sending amount for a locked receiving amount', () => {
    const pricing = priceQuote({
      sendingCurrency: 'USD',
      receivingCurrency: 'EUR',
      rate: Ratio.parse('0.9154'),
      lockedSide: 'RECEIVING',
      lockedAmount: 100_000n,
      service: { fixed: 0n, variableRate: Ratio.ZERO },
      platform: { fixed: 0n, variableRate: Ratio.ZERO },
    });
    // 100,000 / 0.9154 = 109,241.86…, so 109,242 cents.
    expect(pricing.totalSendingAmount).toBe(109_242n);
  });

  it('keeps the largest locked amount exact', () => {
    const pricing = priceQuote({
      sendingCurrency: 'USD',
      receivingCurrency: 'EUR',
      rate: Ratio.parse('0.9154'),
      lockedSide: 'SENDING',
      lockedAmount: 9_000_000_000_000_000n,
      service: { fixed: 0n, variableRate: Ratio.ZERO },
      platform: { fixed: 0n, variableRate: Ratio.ZERO },
    });
    expect(pricing.totalSendingAmount).toBe(9_000_000_000_000_000n);
    expect(pricing.totalReceivingAmount).toBe(8_238_600_000_000_000n);
  });

  it('refuses an amount the fees swallow', () => {
    expect(() =>
      priceQuote({
        sendingCurrency: 'USD',
        receivingCurrency: 'EUR',
        rate: Ratio.parse('0.9'),
        lockedSide: 'SENDING',
        lockedAmount: 50n,
        service: { fixed: 10n, variableRate: Ratio.ZERO },
        platform: { fixed: 40n, variableRate: Ratio.ZERO },
      }),
    ).toThrow(expect.objectContaining({ code: 'AMOUNT_OUT_OF_RANGE' }));
  });
});
