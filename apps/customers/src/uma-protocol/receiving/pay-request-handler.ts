import { Injectable } from '@nestjs/common';
import { umaAddressParts } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { currencyOf } from '@payments/money';
import { getPayReqResponse, PayRequest, verifyPayReqSignature } from '@uma-sdk/core';
import { v5 as nameBasedUuid } from 'uuid';
import { UmaKeysStore } from '@customers/uma-protocol/keys/uma-keys.store';
import { TIMESTAMP_ONLY } from '@customers/uma-protocol/peers/signature-window';
import { UmaPublicKeys, verified } from '@customers/uma-protocol/peers/uma-public-keys';
import { NOMINAL_MULTIPLIER } from '@customers/uma-protocol/receiving/lnurlp-responder';
import { PayRequestNonces } from '@customers/uma-protocol/receiving/pay-request-nonces';
import { UmaPaymentOpener } from '@customers/uma-protocol/receiving/uma-payment-opener';
import { UmaReceivers } from '@customers/uma-protocol/receiving/uma-receivers';
import { userInfoOf } from '@customers/uma-protocol/uma-payer-data';

/**
 * POST /uma/payreq/{user}, the callback a lookup named: a sending VASP's signed pay request for one of
 * the platform's customers. Accepted, it opens an INCOMING payment that waits for the platform's
 * approval (docs/architecture.md "Incoming payments and their approval") and answers the signed pay
 * response; the payment completes or fails with the platform's decision, after this answer.
 */
@Injectable()
export class PayRequestHandler {
  constructor(
    private readonly nonces: PayRequestNonces,
    private readonly receivers: UmaReceivers,
    private readonly keys: UmaKeysStore,
    private readonly publicKeys: UmaPublicKeys,
    private readonly opener: UmaPaymentOpener,
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
        "The pay request is not a UMA pay request naming the payer: send it signed as UMA, with the payer's $user@domain address in payerData.identifier",
      );
    }
    // A platform of this deployment pays its own customers from the inside (UmaSender): whoever
    // signs a pay request in its domain's name here answers for that domain's server, not for it.
    await this.receivers.refuseSenderOfThisDeployment(receiver.config, senderDomain);
    const senderKeys = await this.publicKeys.of(senderDomain);
    if (!(await verified(() => verifyPayReqSignature(request, senderKeys, TIMESTAMP_ONLY)))) {
      throw new ApiException(
        'UNAUTHORIZED',
        `The pay request is not signed by ${senderDomain}'s key, or its timestamp is too old: sign it afresh with the key ${senderDomain} serves at /.well-known/lnurlpubkey`,
      );
    }
    const { signatureNonce, signatureTimestamp } = request.payerData!.compliance!;
    if (!(await this.nonces.claim(senderDomain, signatureNonce, signatureTimestamp))) {
      throw new ApiException(
        'UNAUTHORIZED',
        `The pay request was already received (its signature nonce ${signatureNonce} is spent), and this answer opens nothing more: sign a new pay request, with a fresh nonce, only for another payment`,
      );
    }
    if (request.sendingAmountCurrencyCode !== request.receivingCurrencyCode) {
      throw new ApiException(
        'INVALID_CURRENCY',
        `The amount is named in ${request.sendingAmountCurrencyCode}, not in the receiving currency ${request.receivingCurrencyCode}: name it in ${request.receivingCurrencyCode}`,
      );
    }
    const currencyCode = request.receivingCurrencyCode;
    const transaction = await this.opener.open(receiver, {
      paymentId: paymentIdOf(sender, signatureNonce),
      senderUmaAddress: sender,
      currency: currencyCode,
      amount: request.amount,
      counterpartyInformation: userInfoOf(request.payerData),
      awaitsSenderFunding: false,
    });
    const keys = await this.keys.keysOf(receiver.config.id);
    const response = await getPayReqResponse({
      request,
      metadata: JSON.stringify([['text/identifier', receiver.address]]),
      // The payment's transaction stands where a Lightning invoice would: nothing settles on Lightning.
      invoiceCreator: { createUmaInvoice: async () => transaction.id },
      conversionRate: NOMINAL_MULTIPLIER,
      receivingCurrencyCode: currencyCode,
      receivingCurrencyDecimals: currencyOf(currencyCode).decimals,
      receiverChannelUtxos: [],
      receiverFeesMillisats: 0,
      payeeData: { identifier: receiver.address },
      receivingVaspPrivateKey: keys.signingPrivateKey,
      payeeIdentifier: receiver.address,
    });
    return JSON.parse(response.toJsonString());
  }
}

function parsePayRequest(body: unknown): PayRequest {
  try {
    return PayRequest.parse(body);
  } catch (error) {
    throw new ApiException(
      'INVALID_INPUT',
      `Not a UMA pay request (${(error as Error).message}): send the JSON pay request the UMA protocol defines to the lookup's callback`,
    );
  }
}

/** Names the payments of UMA pay requests (a random namespace of this service's own). */
const PAY_REQUEST_NAMESPACE = '3f0b7c52-8a1e-4d7f-9b6a-2c51e0d4a8f3';

/** A uuid named by the sender and its signature's nonce, which PayRequestNonces keeps from repeating. */
function paymentIdOf(sender: string, nonce: string): string {
  return nameBasedUuid(`${sender.toLowerCase()}\n${nonce}`, PAY_REQUEST_NAMESPACE);
}
