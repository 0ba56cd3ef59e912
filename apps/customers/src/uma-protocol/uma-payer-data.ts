import type { CounterPartyDataOptions } from '@uma-sdk/core';
import { CurrencyConfig } from '@customers/platforms/platform-config.entity';
import { USER_INFO_FIELDS } from '@customers/platforms/user-info-fields';

/** The payer data keys the UMA protocol fills in itself; every other key is a user-info field name. */
const PROTOCOL_KEYS = new Set(['identifier', 'compliance', 'name', 'email']);
const USER_INFO = new Set<string>(USER_INFO_FIELDS);

export interface PayerDataField {
  name: string;
  mandatory: boolean;
}

/**
 * What a receiving platform asks about payers, under the user-info field names (docs/api.md "Resources"):
 * the full name always, and each field a receivable currency's requiredCounterpartyFields lists
 * (mandatory if any currency makes it so).
 */
export function requestedPayerData(currencies: CurrencyConfig[]): CounterPartyDataOptions {
  const options: CounterPartyDataOptions = { FULL_NAME: { mandatory: true } };
  for (const field of currencies.flatMap((currency) => currency.requiredCounterpartyFields)) {
    options[field.name] = { mandatory: field.mandatory || (options[field.name]?.mandatory ?? false) };
  }
  return options;
}

/** The user-info fields of a peer's payer data options; the protocol's own keys are not the sender's to fill. */
export function payerDataFields(options: CounterPartyDataOptions): PayerDataField[] {
  return Object.entries(options)
    .filter(([name]) => !PROTOCOL_KEYS.has(name) && USER_INFO.has(name))
    .map(([name, option]) => ({ name, mandatory: option.mandatory }));
}

/** The user-info fields a pay request's payer data carries, as strings (the counterparty information). */
export function userInfoOf(payerData: Record<string, unknown> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payerData ?? {}).flatMap(([name, value]) =>
      USER_INFO.has(name) && typeof value === 'string' ? [[name, value]] : [],
    ),
  );
}
