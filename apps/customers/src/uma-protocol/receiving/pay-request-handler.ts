import { Injectable } from '@nestjs/common';
import { toApiId, umaAddressParts } from '@payments/contracts';
import { ApiException, callerOf } from '@payments/http';
import { currencyOf } from '@payments/money';
import { getPayReqResponse, PayRequest, verifyPayReqSignature } from '@uma-sdk/core';
import { v5 as nameBasedUuid } from 'uuid';
import { UmaKeysStore } from '@customers/uma-protocol/keys/uma-keys.store';
import { RecentNonces } from '@customers/uma-protocol/peers/recent-nonces';
import { UmaPublicKeys, verified } from '@customers/uma-protocol/peers/uma-public-keys';
import { IncomingPaymentsClient } from '@customers/uma-protocol/receiving/incoming-payments.client';
import { NOMINAL_MULTIPLIER, receivable } from '@customers/uma-protocol/receiving/lnurlp-responder';
import { UmaReceiver, UmaReceivers } from '@customers/uma-protocol/receiving/uma-receivers';
import { requestedPayerData, userInfoOf } from '@customers/uma-protocol/uma-payer-data';

/**
 * POST /uma/payreq/{user}, the callback a lookup named: a sending VASP's signed pay request for one of
 * the platform's customers. Accepted, it opens an INCOMING payment that waits for the platform's
 * approval (docs/architecture.md "Incoming payments and their approval") and answers the signed pay
 * response; the payment completes or fails with the platform's decision, after this answer.
 */
@Injectable()
export class PayRequestHandler {
  private readonly nonces = new RecentNonces();

  constructor(
    private readonly receivers: UmaReceivers,
    private readonly keys: UmaKeysStore,
    private readonly publicKeys: UmaPublicKeys,
    private readonly incoming: IncomingPaymentsClient,
  ) {}

  async payRequest(host: string | undefined, user: string, body: unknown): Promise<unknown> {
    const receiver = await this.receivers.receiver(host, user);
    const request = parsePayRequest(body);
    const sender = request.payerData?.identifier;
    const senderDomain =
      typeof sender === 'string' ? umaAddressParts(sender.toLowerCase())?.domain : undefined;
    if (!request.isUma() || typeof sender !== 'string' || !senderDomain) {
      throw new ApiException(
        'INVALID_INPUT',
        'Only signed UMA pay requests with payerData.identifier are taken',
      );
    }
    const fromThisDeployment = await this.receivers.senderOfThisDeployment(receiver.config, senderDomain);
    const senderKeys = await this.publicKeys.of(senderDomain);
    if (!(await verified(() => verifyPayReqSignature(request, senderKeys, this.nonces)))) {
      throw new ApiException('UNAUTHORIZED', `The pay request is not signed by ${senderDomain}'s key`);
    }
    const currency = this.currencyOf(receiver, request);
    const counterpartyInformation = userInfoOf(request.payerData);
    const missing = Object.entries(requestedPayerData([currency]))
      .filter(([name, option]) => option.mandatory && !counterpartyInformation[name])
      .map(([name]) => name);
    if (missing.length) {
      throw new ApiException('MISSING_MANDATORY_USER_INFO', `payerData lacks ${missing.join(', ')}`, {
        missingFields: missing,
      });
    }
    const transaction = await this.incoming.open(callerOf(receiver.config), {
      paymentId: paymentIdOf(sender, request.payerData!.compliance!.signatureNonce),
      senderUmaAddress: sender.toLowerCase(),
      customerId: toApiId('Customer', receiver.customer.id),
      currency: currency.currencyCode,
      amount: request.amount,
      counterpartyInformation,
      awaitsSenderFunding: fromThisDeployment,
    });
    const keys = await this.keys.keysOf(receiver.config.id);
    const response = await getPayReqResponse({
      request,
      metadata: JSON.stringify([['text/identifier', receiver.address]]),
      // The payment's transaction stands where a Lightning invoice would: nothing settles on Lightning.
      invoiceCreator: { createUmaInvoice: async () => transaction.id },
      conversionRate: NOMINAL_MULTIPLIER,
      receivingCurrencyCode: currency.currencyCode,
      receivingCurrencyDecimals: currencyOf(currency.currencyCode).decimals,
      receiverChannelUtxos: [],
      receiverFeesMillisats: 0,
      payeeData: { identifier: receiver.address },
      receivingVaspPrivateKey: keys.signingPrivateKey,
      payeeIdentifier: receiver.address,
    });
    return JSON.parse(response.toJsonString());
  }

  /** The receiving currency, which the amount must be in, within the platform's limits for it. */
  private currencyOf(receiver: UmaReceiver, request: PayRequest) {
    const currency = receivable(receiver.config).find(
      (entry) => entry.currencyCode === request.receivingCurrencyCode,
    );
    if (!currency || request.sendingAmountCurrencyCode !== request.receivingCurrencyCode) {
      throw new ApiException(
        'INVALID_CURRENCY',
        `${receiver.address} receives amounts in ${receivable(receiver.config)
          .map((entry) => entry.currencyCode)
          .join(', ')}, named in the receiving currency`,
      );
    }
    if (
      !Number.isSafeInteger(request.amount) ||
      request.amount < currency.minAmount ||
      request.amount > currency.maxAmount
    ) {
      throw new ApiException(
        'AMOUNT_OUT_OF_RANGE',
        `amount must be between ${currency.minAmount} and ${currency.maxAmount} ${currency.currencyCode}`,
      );
    }
    return currency;
  }
}

function parsePayRequest(body: unknown): PayRequest {
  try {
    return PayRequest.parse(body);
  } catch (error) {
    throw new ApiException('INVALID_INPUT', `Not a UMA pay request: ${(error as Error).message}`);
  }
}

/** Names the payments of UMA pay requests (a random namespace of this service's own). */
const PAY_REQUEST_NAMESPACE = '3f0b7c52-8a1e-4d7f-9b6a-2c51e0d4a8f3';

/** A uuid named by the sender and its signature's nonce, which RecentNonces keeps from repeating. */
function paymentIdOf(sender: string, nonce: string): string {
  return nameBasedUuid(`${sender.toLowerCase()}\n${nonce}`, PAY_REQUEST_NAMESPACE);
}
