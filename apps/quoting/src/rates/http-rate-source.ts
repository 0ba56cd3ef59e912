import { isSupportedCurrency } from '@payments/money';
import { MidRates, RateSource } from '@quoting/rates/rate-source';

const FETCH_TIMEOUT_MS = 5_000;
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Mid rates from a market feed that serves `{"perUsd": {"EUR": "0.9154", ...}, "asOf": "..."}`.
 * Rates must be decimal strings, so nothing passes through a float; a malformed document is refused
 * whole rather than half used.
 */
export class HttpRateSource implements RateSource {
  readonly name = 'http';

  constructor(private readonly url: string) {}

  async fetch(): Promise<MidRates> {
    const response = await fetch(this.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`Rate feed ${this.url} answered ${response.status}`);
    const document = (await response.json()) as Partial<MidRates>;
    const bad = Object.entries(document.perUsd ?? {}).filter(
      ([code, rate]) =>
        !isSupportedCurrency(code) || typeof rate !== 'string' || !DECIMAL.test(rate) || /^[0.]+$/.test(rate),
    );
    if (!document.perUsd || bad.length) {
      throw new Error(`Rate feed ${this.url} sent unusable rates: ${JSON.stringify(bad)}`);
    }
    return {
      // The dollar is the unit of the table.
      perUsd: { ...document.perUsd, USD: '1' },
      asOf: typeof document.asOf === 'string' ? document.asOf : new Date().toISOString(),
    };
  }
}
