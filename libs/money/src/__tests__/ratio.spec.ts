import { Ratio } from '../ratio';

describe('Ratio', () => {
  it('parses plain decimals exactly and in lowest terms', () => {
    expect(Ratio.parse('17.15')).toEqual(Ratio.of(343n, 20n));
    expect(Ratio.parse('0.0025')).toEqual(Ratio.of(1n, 400n));
    expect(Ratio.parse('3')).toEqual(Ratio.of(3n));
  });

  it.each(['-1', '1e5', '1.', '.5', '', 'abc', '1.2.3'])('refuses %p', (text) => {
    expect(() => Ratio.parse(text)).toThrow(RangeError);
  });

  it('rounds down, up and half up', () => {
    const twoAndAHalf = Ratio.of(5n, 2n);
    expect(twoAndAHalf.floor()).toBe(2n);
    expect(twoAndAHalf.ceil()).toBe(3n);
    expect(twoAndAHalf.roundHalfUp()).toBe(3n);
    expect(Ratio.of(249n, 100n).roundHalfUp()).toBe(2n);
    expect(Ratio.of(4n).ceil()).toBe(4n);
  });

  it('keeps amounts up to 9e15 exact through a rate and back', () => {
    const amount = 9_000_000_000_000_000n;
    const rate = Ratio.parse('0.917351');
    expect(Ratio.of(amount).times(rate).dividedBy(rate).floor()).toBe(amount);
  });

  it('shows a rate with the significant digits asked for', () => {
    expect(Ratio.of(1n, 3n).toDecimal(6)).toBe('0.333333');
    expect(Ratio.parse('0.0000105').toDecimal(12)).toBe('0.0000105');
    expect(Ratio.of(2n, 3n).times(1000n).toDecimal(5)).toBe('666.67');
    expect(Ratio.parse('17.15').toNumber()).toBe(17.15);
    expect(Ratio.ZERO.toDecimal()).toBe('0');
  });

  it('compares, adds and subtracts exactly', () => {
    expect(Ratio.parse('0.1').plus(Ratio.parse('0.2')).compare(Ratio.parse('0.3'))).toBe(0);
    expect(Ratio.parse('0.3').minus(Ratio.parse('0.1'))).toEqual(Ratio.parse('0.2'));
    expect(() => Ratio.parse('0.1').minus(Ratio.parse('0.2'))).toThrow(RangeError);
  });
});
