const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A lower-case host name, optionally with a port: local and test deployments serve UMA on one. */
const DOMAIN = `${LABEL}(?:\\.${LABEL})*(?::\\d{1,5})?`;
const MAX_DOMAIN_LENGTH = 253;
/** UMA user names are 1 to 64 of a-z, 0-9, '.', '_', '+' and '-', compared without case. */
export const MAX_UMA_HANDLE_LENGTH = 64;

const UMA_DOMAIN = new RegExp(`^${DOMAIN}$`);
const UMA_ADDRESS = new RegExp(`^\\$([a-z0-9._+-]{1,${MAX_UMA_HANDLE_LENGTH}})@(${DOMAIN})$`);

/** A lower-case host name, with a port or not, as platforms' UMA domains are. */
export function isUmaDomain(value: unknown): boolean {
  return typeof value === 'string' && value.length <= MAX_DOMAIN_LENGTH && UMA_DOMAIN.test(value);
}

/**
 * The user and domain of `$user@domain`, undefined for anything else. Addresses compare without case:
 * callers lower-case them first, and an address in upper case is not one.
 */
export function umaAddressParts(address: string): { user: string; domain: string } | undefined {
  const match = UMA_ADDRESS.exec(address);
  return match && match[2].length <= MAX_DOMAIN_LENGTH ? { user: match[1], domain: match[2] } : undefined;
}
