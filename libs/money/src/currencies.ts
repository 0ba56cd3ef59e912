export interface Currency {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
}

const CURRENCY_LIST: readonly Currency[] = [
  { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
  { code: 'GBP', name: 'Pound Sterling', symbol: '£', decimals: 2 },
  { code: 'CAD', name: 'Canadian Dollar', symbol: 'CA$', decimals: 2 },
  { code: 'MXN', name: 'Mexican Peso', symbol: 'MX$', decimals: 2 },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', decimals: 2 },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', decimals: 2 },
  { code: 'PHP', name: 'Philippine Peso', symbol: '₱', decimals: 2 },
  { code: 'NGN', name: 'Nigerian Naira', symbol: '₦', decimals: 2 },
  { code: 'KES', name: 'Kenyan Shilling', symbol: 'KSh', decimals: 2 },
  { code: 'BTC', name: 'Bitcoin', symbol: '₿', decimals: 8 },
];

const CURRENCIES = new Map(CURRENCY_LIST.map((currency) => [currency.code, currency]));

export const SUPPORTED_CURRENCY_CODES: readonly string[] = CURRENCY_LIST.map((currency) => currency.code);

export function isSupportedCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}

/** The API's currency object; throws for a code that validation should already have refused. */
export function currencyOf(code: string): Currency {
  const currency = CURRENCIES.get(code);
  if (!currency) throw new Error(`Unsupported currency ${code}`);
  return { ...currency };
}

/** Minor units in one major unit of the currency: 100 for cents, 10^8 for satoshis. */
export function minorUnitsPerMajor(code: string): bigint {
  return 10n ** BigInt(currencyOf(code).decimals);
}
