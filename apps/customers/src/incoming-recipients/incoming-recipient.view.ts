import { InternalExternalAccountView } from '@customers/external-accounts/external-account.view';
import { CounterpartyField } from '@customers/platforms/platform-config.entity';
import { UserInfoField } from '@customers/platforms/user-info-fields';

/** What the transfers app needs to open an incoming payment for a customer in one currency. */
export interface IncomingRecipientView {
  customerId: string;
  platformCustomerId: string;
  umaAddress: string;
  /** The platform's entry for the currency in `supportedCurrencies` (incoming enabled). */
  minAmount: number;
  maxAmount: number;
  requiredCounterpartyFields: CounterpartyField[];
  /** What the provider requires about the other party of a payment in this currency. */
  providerCounterpartyFields: UserInfoField[];
  /** The customer's default UMA deposit account (docs/api.md) when it is active and in this currency. */
  defaultUmaDepositAccount: InternalExternalAccountView | null;
}
