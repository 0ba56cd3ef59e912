/** Mid-market rates as units of each currency one US dollar buys, as exact decimal strings. */
export interface MidRates {
  perUsd: Record<string, string>;
  /** When the source published these rates (ISO timestamp). */
  asOf: string;
}

/**
 * Where mid rates come from. The service prices with a spread on top; a source only reports the
 * market. Chosen by RATE_SOURCE.
 */
export interface RateSource {
  readonly name: string;
  fetch(): Promise<MidRates>;
}

export const RATE_SOURCE = Symbol('RATE_SOURCE');
