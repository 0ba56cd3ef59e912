import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { umaAddressParts } from '@payments/contracts';
import { ApiException, Caller, scopeOf } from '@payments/http';
import { isSupportedCurrency } from '@payments/money';
import {
  getPayRequest,
  getSignedLnurlpRequestUrl,
  KycStatus,
  LnurlpResponse,
  MAJOR_VERSION,
  PayReqResponse,
  UmaError,
  verifyPayReqResponseSignature,
  verifyUmaLnurlpResponseSignature,
} from '@uma-sdk/core';
import { DataSource } from 'typeorm';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { UmaDomainRules } from '@customers/platforms/uma-domains/uma-domain-rules';
import { UmaKeysStore } from '@customers/uma-protocol/keys/uma-keys.store';
import { RecentNonces } from '@customers/uma-protocol/peers/recent-nonces';
import { UmaPeerHttp } from '@customers/uma-protocol/peers/uma-peer-http';
import { UmaPeerError } from '@customers/uma-protocol/peers/uma-peer-targets';
import { UmaPublicKeys, verified } from '@customers/uma-protocol/peers/uma-public-keys';
import { UmaLookupDto, UmaPayRequestDto } from '@customers/uma-protocol/sending/dto/uma-sending.dto';
import { LocalUmaPayments } from '@customers/uma-protocol/sending/local-uma-payments';
import { PayerDataField, payerDataFields, userInfoOf } from '@customers/uma-protocol/uma-payer-data';

export interface UmaLookupAnswer {
  currencies: { code: string; min: number; max: number }[];
  requiredPayerData: PayerDataField[];
  state: { callback: string };
}

/**
 * `receiverTransactionId` names the payment the pay request opened when the receiver is a customer of
 * this deployment, resolved and paid here (LocalUmaPayments): the sender's payment then ends as that
 * one does, provided it is the payment of `payerUmaAddress` (docs/uma.md).
 */
export type UmaPayRequestAnswer =
  | { accepted: true; receiverTransactionId?: string; payerUmaAddress?: string }
  | { accepted: false; detail: string };

/**
 * The sending side of the UMA protocol, for quoting's lookups and pay requests: signed with the
 * paying platform's keys under its umaDomain, sent to the receiver's domain through UmaPeerHttp, and
 * the receiver's answers taken only when signed by the keys its domain serves.
 */
@Injectable()
export class UmaSender {
  private readonly nonces = new RecentNonces();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly keys: UmaKeysStore,
    private readonly peers: UmaPeerHttp,
    private readonly publicKeys: UmaPublicKeys,
    private readonly local: LocalUmaPayments,
    private readonly domains: UmaDomainRules,
  ) {}

  /** 424 LNURLP_REQUEST_FAILED (or COUNTERPARTY_PUBKEY_FETCH_ERROR) naming why the receiver cannot be looked up. */
  async lookup(caller: Caller, body: UmaLookupDto): Promise<UmaLookupAnswer> {
    const receiver = body.receiverUmaAddress.toLowerCase();
    const domain = this.domainOf(receiver, 'LNURLP_REQUEST_FAILED');
    const { config } = await this.platformsOf(caller, domain);
    const keys = await this.keys.keysOf(config.id);
    const url = await getSignedLnurlpRequestUrl({
      isSubjectToTravelRule: config.isRegulatedFinancialInstitution,
      receiverAddress: receiver,
      senderVaspDomain: config.umaDomain,
      signingPrivateKey: keys.signingPrivateKey,
    });
    const failed = (why: string, remedy = UNTRUSTED) =>
      new ApiException('LNURLP_REQUEST_FAILED', `Lookup of ${receiver} failed (${why}): ${remedy}`);
    // The receiver's keys are fetched alongside its answer, so that a lookup takes one peer timeout at
    // most; their failure counts only once the answer is found good.
    const keysFetch = this.publicKeys.of(domain);
    keysFetch.catch(() => undefined);
    let response: LnurlpResponse;
    try {
      response = LnurlpResponse.fromJson(await this.peers.get(domain, `${url.pathname}${url.search}`));
    } catch (error) {
      throw failed((error as Error).message, peerRemedy(error));
    }
    if (!response.isUma()) throw failed('the answer is not a signed UMA response');
    if (response.compliance.receiverIdentifier.toLowerCase() !== receiver) {
      throw failed(`the answer is signed for ${response.compliance.receiverIdentifier}`);
    }
    const receiverKeys = await keysFetch;
    if (!(await verified(() => verifyUmaLnurlpResponseSignature(response, receiverKeys, this.nonces)))) {
      throw failed(`the answer is not signed by ${domain}'s key`);
    }
    if (hostOf(response.callback) !== domain)
      throw failed(`its callback ${response.callback} is not at ${domain}`);
    return {
      currencies: response.currencies
        .filter((currency) => isSupportedCurrency(currency.code))
        .map((currency) => ({ code: currency.code, min: currency.minSendable, max: currency.maxSendable })),
      requiredPayerData: payerDataFields(response.payerData),
      state: { callback: response.callback },
    };
  }

  /** A refusal for every way the receiver does not accept (nothing has moved yet); throws only for our own faults. */
  async payRequest(caller: Caller, body: UmaPayRequestDto): Promise<UmaPayRequestAnswer> {
    const receiver = body.receiverUmaAddress.toLowerCase();
    try {
      return await this.pay(caller, receiver, body);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      // A receiver of this deployment refuses with the API's error, named as a peer's refusal names it.
      const why = error instanceof ApiException ? `${error.code} ${error.message}` : (error as Error).message;
      return {
        accepted: false,
        detail: `The pay request to ${receiver} failed (${why}): no money moved; look the receiver up again for a new quote, or check with the receiver`,
      };
    }
  }

  private async pay(caller: Caller, receiver: string, body: UmaPayRequestDto): Promise<UmaPayRequestAnswer> {
    const domain = this.domainOf(receiver, 'PAYREQ_REQUEST_FAILED');
    const { config, receiving } = await this.platformsOf(caller, domain);
    const payer = (body.senderUmaAddress ?? `$payments@${config.umaDomain}`).toLowerCase();
    if (receiving) return this.local.pay(config, receiving, payer, body);
    const callback = typeof body.lookupState.callback === 'string' ? body.lookupState.callback : '';
    if (hostOf(callback) !== domain) throw new Refused('the lookup named no callback at the receiver');
    const [keys, receiverKeys] = await Promise.all([this.keys.keysOf(config.id), this.publicKeys.of(domain)]);
    const request = await getPayRequest({
      receiverEncryptionPubKey: receiverKeys.getEncryptionPubKey(),
      sendingVaspPrivateKey: keys.signingPrivateKey,
      receivingCurrencyCode: body.currency,
      amount: body.amount,
      isAmountInReceivingCurrency: true,
      payerIdentifier: payer,
      payerKycStatus: KycStatus.Verified,
      payerData: userInfoOf(body.payerData),
      umaMajorVersion: MAJOR_VERSION,
    });
    const url = new URL(callback);
    const response = PayReqResponse.fromJson(
      await this.peers.post(domain, `${url.pathname}${url.search}`, request.toJsonString()),
    );
    if (!response.isUma()) throw new Refused('the answer is not a signed UMA pay response');
    const signed = await verified(() =>
      verifyPayReqResponseSignature(response, payer, receiver, receiverKeys, this.nonces),
    );
    if (!signed) throw new Refused(`the answer is not signed by ${domain}'s key`);
    const converted = response.converted;
    if (converted?.currencyCode !== body.currency || converted.amount !== body.amount) {
      throw new Refused(
        `the receiver would receive ${converted?.amount} ${converted?.currencyCode}, not ${body.amount} ${body.currency}`,
      );
    }
    // A peer's answer names no payment of this deployment: only a local pay request links (docs/uma.md).
    return { accepted: true };
  }

  private domainOf(address: string, code: 'LNURLP_REQUEST_FAILED' | 'PAYREQ_REQUEST_FAILED'): string {
    const domain = umaAddressParts(address)?.domain;
    if (!domain) throw new ApiException(code, `${address} is not a UMA address: write it as $user@domain`);
    return domain;
  }

  /**
   * The paying platform's configuration. A payment between two platforms of this deployment stays
   * within one environment: sandbox money never reaches a production customer, nor the reverse.
   */
  private async platformsOf(
    caller: Caller,
    receiverDomain: string,
  ): Promise<{ config: PlatformConfig; receiving: PlatformConfig | null }> {
    const [config, receiving] = await Promise.all([
      this.dataSource.manager.findOneByOrFail(PlatformConfig, scopeOf(caller)),
      this.dataSource.manager.findOneBy(PlatformConfig, { umaDomain: receiverDomain }),
    ]);
    // Neither side's domain speaks for its platform before the platform has proven it.
    this.domains.assertUsable(config);
    if (receiving) this.domains.assertUsable(receiving);
    if (receiving && receiving.environment !== caller.environment) {
      throw new ApiException(
        'LNURLP_REQUEST_FAILED',
        `${receiverDomain} is a ${receiving.environment.toLowerCase()} platform's domain, which ${caller.environment.toLowerCase()} credentials cannot pay: pay it with ${receiving.environment.toLowerCase()} credentials`,
      );
    }
    return { config, receiving };
  }
}

/** The receiver's answer did not do. */
class Refused extends Error {}

/** What to do about a receiver whose provider answered, but not as UMA requires. */
const UNTRUSTED =
  "its UMA provider's answer cannot be trusted, so it cannot be paid from here: ask the receiver to check their address with their provider";

/** What to do about a receiver whose provider could not be asked, or answered with an error. */
function peerRemedy(error: unknown): string {
  if (error instanceof UmaPeerError && error.failure === 'NOT_ALLOWED')
    return 'this deployment does not call that domain: pay an address on a public UMA domain';
  if (error instanceof UmaPeerError)
    return 'check the address with the receiver, or retry later if their UMA provider is down';
  return UNTRUSTED;
}

/** What the receiver's side caused, as opposed to a fault of ours (a database error), which is thrown on. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof Refused ||
    error instanceof UmaPeerError ||
    error instanceof UmaError ||
    error instanceof SyntaxError ||
    ApiException.isRefusal(error)
  );
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}
