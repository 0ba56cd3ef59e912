import { USER_INFO_FIELDS, UserInfoField } from '@customers/platforms/user-info-fields';

/** The currency the provider settles domestically; every other currency is a cross-border corridor. */
const DOMESTIC_CURRENCY = 'USD';

const DOMESTIC_FIELDS: readonly UserInfoField[] = ['FULL_NAME', 'BIRTH_DATE'];
/** Cross-border corridors add the travel-rule data the receiving side's regulator asks for. */
const CROSS_BORDER_FIELDS: readonly UserInfoField[] = [...DOMESTIC_FIELDS, 'NATIONALITY', 'ADDRESS'];

export interface ProviderRequirements {
  /** What the provider must know about the platform's own customers to let them use the currency. */
  customerFields: UserInfoField[];
  /** What it must know about the other party of a payment in the currency. */
  counterpartyCustomerFields: UserInfoField[];
}

/** The UMA provider's built-in requirements for one currency; platforms can read but not change them. */
export function providerRequirements(currencyCode: string): ProviderRequirements {
  const fields = currencyCode === DOMESTIC_CURRENCY ? DOMESTIC_FIELDS : CROSS_BORDER_FIELDS;
  return { customerFields: [...fields], counterpartyCustomerFields: [...fields] };
}

/** Every field some currency in `currencyCodes` requires of a customer, in the canonical field order. */
export function requiredCustomerFields(currencyCodes: readonly string[]): UserInfoField[] {
  const required = new Set(currencyCodes.flatMap((code) => providerRequirements(code).customerFields));
  return USER_INFO_FIELDS.filter((field) => required.has(field));
}
