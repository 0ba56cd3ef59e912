/** A currency as the API describes it: its smallest unit is 10^-decimals of one. */
export interface CurrencyLike {
  code: string;
  decimals: number;
}

const GROUPED = new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 0 });

/**
 * An integer amount of smallest units, in the currency's decimals ("1,234.56 USD"), exactly: the
 * digits are split as text, never divided as floats, so 2^53 cents or satoshis print right.
 */
export function formatMoney(amount: number | string | bigint, currency: CurrencyLike): string {
  const units = BigInt(amount);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(currency.decimals + 1, '0');
  const whole = BigInt(digits.slice(0, digits.length - currency.decimals));
  const fraction = currency.decimals > 0 ? `.${digits.slice(-currency.decimals)}` : '';
  return `${negative ? '−' : ''}${GROUPED.format(whole)}${fraction} ${currency.code}`;
}

/** A rate as the API gives it, trimmed of float noise beyond ten significant digits. */
export function formatRate(rate: number): string {
  return Number(rate.toPrecision(10)).toString();
}
