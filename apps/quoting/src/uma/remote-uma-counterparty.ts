import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { CallerAssertions, callerOf, InternalApi } from '@payments/http';
import { QuotingEnvironment } from '@quoting/quoting.environment';
import { UmaAddress } from '@quoting/uma/uma-address';
import {
  CounterpartyLookup,
  PayRequest,
  PayRequestOutcome,
  UmaCounterparty,
  UmaSender,
} from '@quoting/uma/uma-counterparty';

/**
 * A real UMA peer, reached over HTTP(S) by the customers app, which speaks the protocol with the
 * paying platform's keys (docs/uma.md). Its refusals come back as
 * they are: 424 LNURLP_REQUEST_FAILED or COUNTERPARTY_PUBKEY_FETCH_ERROR for a lookup, an outcome
 * that is not accepted for a pay request.
 */
@Injectable()
export class RemoteUmaCounterparty extends InternalApi implements UmaCounterparty {
  constructor(config: ConfigService<QuotingEnvironment, true>, assertions: CallerAssertions) {
    super('customers', config.get('CUSTOMERS_URL', { infer: true }), assertions);
  }

  lookup(receiver: UmaAddress, sender: UmaSender): Promise<CounterpartyLookup> {
    return this.client.post(callerOf(sender.platform), '/internal/uma/lookups', {
      receiverUmaAddress: receiver.address,
      ...(sender.umaAddress ? { senderUmaAddress: sender.umaAddress } : {}),
    });
  }

  payRequest(request: PayRequest): Promise<PayRequestOutcome> {
    return this.client.post(callerOf(request.sender.platform), '/internal/uma/pay-requests', {
      receiverUmaAddress: request.receiver.address,
      ...(request.sender.umaAddress ? { senderUmaAddress: request.sender.umaAddress } : {}),
      currency: request.currency,
      amount: Number(request.amount),
      payerData: request.payerData,
      lookupState: request.lookupState,
    });
  }
}
