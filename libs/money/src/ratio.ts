const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * An exact non-negative fraction of two bigints, for exchange rates and fee rates: money arithmetic
 * never goes through a float, and every rounding is explicit (floor, ceil, half up).
 */
export class Ratio {
  readonly numerator: bigint;
  readonly denominator: bigint;

  private constructor(numerator: bigint, denominator: bigint) {
    if (denominator <= 0n) throw new RangeError('A ratio needs a positive denominator');
    if (numerator < 0n) throw new RangeError('A ratio cannot be negative');
    const divisor = gcd(numerator, denominator);
    this.numerator = numerator / divisor;
    this.denominator = denominator / divisor;
  }

  static of(numerator: bigint, denominator = 1n): Ratio {
    return new Ratio(numerator, denominator);
  }

  /** Parses a plain decimal such as "17.15" or "0.0025" exactly; no exponent, no sign. */
  static parse(decimal: string): Ratio {
    const match = DECIMAL.exec(decimal);
    if (!match) throw new RangeError(`Not a plain decimal: ${decimal}`);
    const fraction = match[2] ?? '';
    return new Ratio(BigInt(match[1] + fraction), 10n ** BigInt(fraction.length));
  }

  static readonly ZERO = Ratio.of(0n);
  static readonly ONE = Ratio.of(1n);

  times(other: Ratio | bigint): Ratio {
    const factor = typeof other === 'bigint' ? Ratio.of(other) : other;
    return new Ratio(this.numerator * factor.numerator, this.denominator * factor.denominator);
  }

  dividedBy(other: Ratio | bigint): Ratio {
    const divisor = typeof other === 'bigint' ? Ratio.of(other) : other;
    if (divisor.numerator === 0n) throw new RangeError('Division by zero');
    return new Ratio(this.numerator * divisor.denominator, this.denominator * divisor.numerator);
  }

  plus(other: Ratio): Ratio {
    return new Ratio(
      this.numerator * other.denominator + other.numerator * this.denominator,
      this.denominator * other.denominator,
    );
  }

  /** Throws when the result would be negative. */
  minus(other: Ratio): Ratio {
    return new Ratio(
      this.numerator * other.denominator - other.numerator * this.denominator,
      this.denominator * other.denominator,
    );
  }

  isZero(): boolean {
    return this.numerator === 0n;
  }

  compare(other: Ratio): number {
    const left = this.numerator * other.denominator;
    const right = other.numerator * this.denominator;
    return left === right ? 0 : left < right ? -1 : 1;
  }

  floor(): bigint {
    return this.numerator / this.denominator;
  }

  ceil(): bigint {
    return (this.numerator + this.denominator - 1n) / this.denominator;
  }

  /** Rounds to the nearest integer, a half going up (how fees round, docs/api.md "Quotes"). */
  roundHalfUp(): bigint {
    return (2n * this.numerator + this.denominator) / (2n * this.denominator);
  }

  /** For display only (a JSON number such as exchangeRate): `significantDigits` exact digits. */
  toNumber(significantDigits = 12): number {
    return Number(this.toDecimal(significantDigits));
  }

  /**
   * A plain decimal string rounded half up to `significantDigits` significant digits (at least the
   * integer part), trailing zeros dropped: how a rate is stored and shown.
   */
  toDecimal(significantDigits = 12): string {
    if (this.numerator === 0n) return '0';
    const integerDigits = this.floor().toString().length;
    const leadingZeros = this.floor() > 0n ? 0 : fractionLeadingZeros(this);
    const scale = Math.max(0, significantDigits - (this.floor() > 0n ? integerDigits : 0) + leadingZeros);
    const scaled = this.times(10n ** BigInt(scale))
      .roundHalfUp()
      .toString()
      .padStart(scale + 1, '0');
    const whole = scaled.slice(0, scaled.length - scale);
    const fraction = scaled.slice(scaled.length - scale).replace(/0+$/, '');
    return fraction ? `${whole}.${fraction}` : whole;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

/** How many zeros follow the point before the first significant digit of a value below one. */
function fractionLeadingZeros(value: Ratio): number {
  let zeros = 0;
  let scaled = value.times(10n);
  while (scaled.floor() === 0n) {
    zeros += 1;
    scaled = scaled.times(10n);
  }
  return zeros;
}
