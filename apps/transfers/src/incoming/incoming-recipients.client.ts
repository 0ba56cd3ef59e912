import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { RequestedCustomerInfoField } from '@payments/contracts';
import { Caller, CallerAssertions, InternalApi } from '@payments/http';
import { ExternalAccount } from '@transfers/accounts/external-accounts.client';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/** Who an incoming payment is for, as the customers app resolves it (its internal lookup). */
export interface IncomingRecipient {
  customerId: string;
  platformCustomerId: string;
  umaAddress: string;
  minAmount: number;
  maxAmount: number;
  /** What the platform asks of counterparties in the currency (docs/api.md, "Configuration"). */
  requiredCounterpartyFields: RequestedCustomerInfoField[];
  /** What the provider requires about the other party of a payment in the currency. */
  providerCounterpartyFields: string[];
  /** Where the customer's incoming UMA payments go instead of its internal account (docs/api.md, "Accounts"). */
  defaultUmaDepositAccount: ExternalAccount | null;
}

@Injectable()
export class IncomingRecipientsClient extends InternalApi {
  constructor(config: ConfigService<TransfersEnvironment, true>, assertions: CallerAssertions) {
    super('customers', config.get('CUSTOMERS_URL', { infer: true }), assertions);
  }

  /** 404 USER_NOT_FOUND for an unknown or deleted customer; 400 INVALID_CURRENCY when the platform does not receive it. */
  find(
    caller: Caller,
    recipient: { receiverUmaAddress?: string; customerId?: string },
    currency: string,
  ): Promise<IncomingRecipient> {
    const query = new URLSearchParams({ currency });
    if (recipient.customerId !== undefined) query.set('customerId', recipient.customerId);
    else if (recipient.receiverUmaAddress !== undefined)
      query.set('receiverUmaAddress', recipient.receiverUmaAddress);
    return this.client.get(caller, `/internal/incoming-recipients?${query}`);
  }
}
