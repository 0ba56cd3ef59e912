import { formatMoney, formatRate } from '@console/format/money';

const USD = { code: 'USD', decimals: 2 };
const BTC = { code: 'BTC', decimals: 8 };

describe('formatMoney', () => {
  it('shows smallest units in the currency decimals, grouped', () => {
    expect(formatMoney(12_345, USD)).toBe('123.45 USD');
    expect(formatMoney(123_456_789, USD)).toBe('1,234,567.89 USD');
  });

  it('pads amounts below one unit', () => {
    expect(formatMoney(0, USD)).toBe('0.00 USD');
    expect(formatMoney(7, USD)).toBe('0.07 USD');
    expect(formatMoney(1, BTC)).toBe('0.00000001 BTC');
  });

  it('is exact beyond float precision', () => {
    expect(formatMoney(2 ** 53, USD)).toBe('90,071,992,547,409.92 USD');
    expect(formatMoney('123456789012345678901', BTC)).toBe('1,234,567,890,123.45678901 BTC');
  });

  it('signs negative amounts', () => {
    expect(formatMoney(-250, USD)).toBe('−2.50 USD');
  });

  it('has no fraction for a currency without decimals', () => {
    expect(formatMoney(1500, { code: 'JPY', decimals: 0 })).toBe('1,500 JPY');
  });

  it('refuses an amount that is not an integer', () => {
    expect(() => formatMoney(1.5, USD)).toThrow(RangeError);
  });
});

describe('formatRate', () => {
  it('trims float noise', () => {
    expect(formatRate(0.1 + 0.2)).toBe('0.3');
    expect(formatRate(17.25)).toBe('17.25');
  });
});
