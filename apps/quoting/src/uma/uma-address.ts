import { ApiException } from '@payments/http';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A host name, optionally with a port (local and test deployments serve UMA on one), as customers accept it. */
const DOMAIN = `${LABEL}(?:\\.${LABEL})*(?::\\d{1,5})?`;
const MAX_DOMAIN_LENGTH = 253;
const UMA_ADDRESS = new RegExp(`^\\$([a-z0-9._+-]{1,64})@(${DOMAIN})$`);

/** `$user@domain`, in lower case: UMA addresses compare without case. */
export interface UmaAddress {
  address: string;
  user: string;
  domain: string;
}

/** 400 INVALID_UMA_ADDRESS unless `value` is `$user@domain`. */
export function parseUmaAddress(value: string): UmaAddress {
  const address = value.trim().toLowerCase();
  const match = UMA_ADDRESS.exec(address);
  if (!match || match[2].length > MAX_DOMAIN_LENGTH) {
    throw new ApiException(
      'INVALID_UMA_ADDRESS',
      `${JSON.stringify(value)} is not a UMA address ($user@domain)`,
    );
  }
  return { address, user: match[1], domain: match[2] };
}
