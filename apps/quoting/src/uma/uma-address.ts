import { umaAddressParts } from '@payments/contracts';
import { ApiException } from '@payments/http';

/** `$user@domain`, in lower case: UMA addresses compare without case. */
export interface UmaAddress {
  address: string;
  user: string;
  domain: string;
}

/** 400 INVALID_UMA_ADDRESS unless `value` is `$user@domain`. */
export function parseUmaAddress(value: string): UmaAddress {
  const address = value.trim().toLowerCase();
  const parts = umaAddressParts(address);
  if (!parts) {
    throw new ApiException(
      'INVALID_UMA_ADDRESS',
      `${JSON.stringify(value)} is not a UMA address ($user@domain)`,
    );
  }
  return { address, ...parts };
}
