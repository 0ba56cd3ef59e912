import { SUPPORTED_CURRENCY_CODES } from '@payments/money';

/** A UMA provider (a VASP) platforms may pay, as GET /uma-providers lists it. */
export interface UmaProvider {
  name: string;
  domain: string;
  /** ISO 3166-1 alpha-2 codes of where it operates. */
  supportedRegions: string[];
  supportedCurrencies: string[];
  logoUrl: string | null;
  lei: string | null;
  /** Whether the platform may pay it. */
  allowListStatus: boolean;
}

/**
 * The providers this deployment knows: today only its simulated sandbox provider, reachable with
 * every currency from everywhere. Real peers join this table with the real-protocol counterparty.
 */
export function builtInUmaProviders(sandboxDomain: string): UmaProvider[] {
  return [
    {
      name: 'Grid Sandbox',
      domain: sandboxDomain,
      supportedRegions: ['BR', 'CA', 'DE', 'ES', 'FR', 'GB', 'IN', 'KE', 'MX', 'NG', 'PH', 'US'],
      supportedCurrencies: [...SUPPORTED_CURRENCY_CODES],
      logoUrl: null,
      lei: null,
      allowListStatus: true,
    },
  ];
}
