import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Caller, CallerAssertions, InternalApi } from '@payments/http';
import { CustomersEnvironment } from '@customers/customers.environment';

/** What the transfers app needs to open the incoming payment of an accepted UMA pay request. */
export interface UmaIncomingPayment {
  /** Names the payment: the same pay request again finds the payment it opened. */
  paymentId: string;
  senderUmaAddress: string;
  customerId: string;
  currency: string;
  amount: number;
  counterpartyInformation: Record<string, string>;
  /**
   * The sender is a platform of this deployment: the payment is credited only once the sender's side
   * has reserved its money (docs/uma.md).
   */
  awaitsSenderFunding: boolean;
}

/** Opens incoming UMA payments through the transfers app, which runs their approval (POST /internal/uma-payments). */
@Injectable()
export class IncomingPaymentsClient extends InternalApi {
  constructor(config: ConfigService<CustomersEnvironment, true>, assertions: CallerAssertions) {
    super('transfers', config.get('TRANSFERS_URL', { infer: true }), assertions);
  }

  open(receivingPlatform: Caller, payment: UmaIncomingPayment): Promise<{ id: string; status: string }> {
    return this.client.post(receivingPlatform, '/internal/uma-payments', payment);
  }
}
