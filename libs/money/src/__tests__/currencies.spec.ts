import { currencyOf, isSupportedCurrency, SUPPORTED_CURRENCY_CODES } from '../currencies';

describe('currencies', () => {
  it('describes a supported currency', () => {
    expect(currencyOf('EUR')).toEqual({ code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 });
    expect(currencyOf('BTC').decimals).toBe(8);
  });

  it('hands out a copy that callers may change without affecting later lookups', () => {
    const usd = currencyOf('USD');
    usd.decimals = 0;
    usd.symbol = 'US$';

    expect(currencyOf('USD')).toEqual({
      code: 'USD',
      name: 'United States Dollar',
      symbol: '$',
      decimals: 2,
    });
  });

  it.each(['XYZ', 'usd', ''])('throws for the unsupported code %j', (code) => {
    expect(() => currencyOf(code)).toThrow(`Unsupported currency ${code}`);
    expect(isSupportedCurrency(code)).toBe(false);
  });

  it('supports exactly the listed codes, each once', () => {
    expect(new Set(SUPPORTED_CURRENCY_CODES).size).toBe(SUPPORTED_CURRENCY_CODES.length);
    for (const code of SUPPORTED_CURRENCY_CODES) {
      expect(isSupportedCurrency(code)).toBe(true);
      expect(currencyOf(code).code).toBe(code);
    }
  });
});
