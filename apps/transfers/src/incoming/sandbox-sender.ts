import { umaAddressParts } from '@payments/contracts';

/**
 * The simulated UMA senders of sandbox incoming payments: any address at SANDBOX_UMA_DOMAIN, each
 * telling the same made-up details about itself, under the user-info field names of docs/api.md
 * ("Configuration").
 */
const SANDBOX_SENDER_DETAILS: Readonly<Record<string, string>> = {
  FULL_NAME: 'Sam Sender',
  BIRTH_DATE: '1985-04-12',
  NATIONALITY: 'US',
  ADDRESS: '1 Market St, San Francisco, CA 94105, US',
  PHONE_NUMBER: '+14155550123',
  EMAIL: 'sam.sender@example.com',
  BUSINESS_NAME: 'Sender Trading LLC',
  TAX_ID: '12-3456789',
};

/** A UMA address (compared without case) at the sandbox senders' domain. */
export function isSandboxUmaAddress(address: string, sandboxDomain: string): boolean {
  return umaAddressParts(address.toLowerCase())?.domain === sandboxDomain;
}

/**
 * What the sandbox sender tells about itself: its full name always, and every field the platform
 * asks of counterparties in the currency (its requiredCounterpartyFields).
 */
export function sandboxSenderInformation(requiredFields: readonly string[]): Record<string, string> {
  const fields = new Set(['FULL_NAME', ...requiredFields]);
  return Object.fromEntries(
    [...fields].flatMap((field) => {
      const value = SANDBOX_SENDER_DETAILS[field];
      return value === undefined ? [] : [[field, value]];
    }),
  );
}
