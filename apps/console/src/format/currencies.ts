import type { CurrencyLike } from './money';

/**
 * Where a response names a currency by its code alone (config, ledger entries), its decimals are the
 * service's: 2 for every fiat currency it takes and 8 for BTC (docs/api.md, amounts).
 */
export function currencyOfCode(code: string): CurrencyLike {
  return { code, decimals: code === 'BTC' ? 8 : 2 };
}
