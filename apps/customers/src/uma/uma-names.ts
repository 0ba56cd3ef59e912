import { isUmaDomain, MAX_UMA_HANDLE_LENGTH, umaAddressParts } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { randomInt } from 'node:crypto';

/** UMA user names are 1 to 64 of a-z, 0-9, '.', '_', '+' and '-', compared without case. */
const MAX_HANDLE_LENGTH = MAX_UMA_HANDLE_LENGTH;
const MAX_DNS_LABEL_LENGTH = 63;

export { isUmaDomain };

/** `$user@domain` in lower case (callers lower-case input first, since addresses compare without case). */
export function isUmaAddress(value: unknown): boolean {
  return typeof value === 'string' && umaAddressParts(value) !== undefined;
}

/**
 * Why a platform whose domain is `umaDomain` cannot give a customer `address`, or undefined when it can.
 * An address is answered for by the platform whose domain it is on: another platform's would squat on
 * that platform's names (docs/uma.md). Judged before any lookup, so the answer is the same whether or
 * not the other platform has the address.
 */
export function foreignUmaAddress(address: string, umaDomain: string): string | undefined {
  return umaAddressParts(address.toLowerCase())?.domain === umaDomain.toLowerCase()
    ? undefined
    : `umaAddress must be on the platform's UMA domain, ${umaDomain}`;
}

/** 400 INVALID_UMA_ADDRESS for an address a platform whose domain is `umaDomain` cannot give (foreignUmaAddress). */
export function assertOwnUmaAddress(address: string | undefined, umaDomain: string): void {
  const refusal = address === undefined ? undefined : foreignUmaAddress(address, umaDomain);
  if (refusal) throw new ApiException('INVALID_UMA_ADDRESS', refusal);
}

/** A DNS label (a-z, 0-9 and '-') that reads like `name`: the base of a new platform's UMA domains. */
export function dnsLabelOf(name: string): string {
  return sanitize(name, /[^a-z0-9]+/g, MAX_DNS_LABEL_LENGTH) || 'platform';
}

/** `label` made unique with a short distinguishing tag, still a DNS label. */
export function distinctDnsLabel(label: string, tag: string): string {
  return `${label.slice(0, MAX_DNS_LABEL_LENGTH - tag.length - 1)}-${tag}`;
}

/** The UMA user name a customer without a chosen address gets: its platformCustomerId made UMA-safe. */
export function umaHandleOf(platformCustomerId: string): string {
  return sanitize(platformCustomerId, /[^a-z0-9._-]+/g, MAX_HANDLE_LENGTH) || 'customer';
}

const SUFFIX_LENGTH = 6;

/**
 * `$<handle>@<umaDomain>` for a customer who did not choose an address. When the plain handle is taken
 * (two ids that sanitize alike, or an address another customer chose), a random suffix makes it unique.
 */
export function generatedUmaAddress(
  platformCustomerId: string,
  umaDomain: string,
  withRandomSuffix: boolean,
): string {
  const handle = umaHandleOf(platformCustomerId);
  if (!withRandomSuffix) return `$${handle}@${umaDomain}`;
  const suffix = randomInt(36 ** SUFFIX_LENGTH)
    .toString(36)
    .padStart(SUFFIX_LENGTH, '0');
  return `$${handle.slice(0, MAX_HANDLE_LENGTH - SUFFIX_LENGTH - 1)}-${suffix}@${umaDomain}`;
}

/** Lower case without accents; each run of disallowed characters becomes one '-'; no separator at either end. */
function sanitize(text: string, disallowed: RegExp, maxLength: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(disallowed, '-')
    .slice(0, maxLength)
    .replace(/^[-._]+|[-._]+$/g, '');
}
