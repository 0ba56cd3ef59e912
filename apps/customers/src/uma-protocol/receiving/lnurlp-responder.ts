import { Injectable } from '@nestjs/common';
import { ApiException } from '@payments/http';
import { currencyOf } from '@payments/money';
import {
  Currency,
  getLnurlpResponse,
  isLnurlpRequestForUma,
  KycStatus,
  LnurlpRequest,
  parseLnurlpRequest,
  PubKeyResponse,
  UnsupportedVersionError,
  verifyUmaLnurlpQuerySignature,
} from '@uma-sdk/core';
import { CurrencyConfig, PlatformConfig } from '@customers/platforms/platform-config.entity';
import { UmaKeysStore } from '@customers/uma-protocol/keys/uma-keys.store';
import { RecentNonces } from '@customers/uma-protocol/peers/recent-nonces';
import { UmaPublicKeys, verified } from '@customers/uma-protocol/peers/uma-public-keys';
import { UmaReceivers } from '@customers/uma-protocol/receiving/uma-receivers';
import { requestedPayerData } from '@customers/uma-protocol/uma-payer-data';

/**
 * Millisatoshis per smallest unit announced for every currency. No payment here settles over
 * Lightning: pay requests name their amount in the receiving currency, so the figure only fills the
 * protocol's field.
 */
export const NOMINAL_MULTIPLIER = 1;
const KYC_VERIFIED = new Set(['APPROVED', 'MANUALLY_APPROVED']);

/**
 * GET /.well-known/lnurlp/{user} and /.well-known/lnurlpubkey for the platform whose umaDomain is the
 * Host: the signed lookup request of a sending VASP (its signature checked against the keys its
 * vaspDomain serves) answered with the receiver's currencies, limits, the payer data asked and the
 * pay request callback, signed with the platform's key.
 */
@Injectable()
export class LnurlpResponder {
  private readonly nonces = new RecentNonces();

  constructor(
    private readonly receivers: UmaReceivers,
    private readonly keys: UmaKeysStore,
    private readonly publicKeys: UmaPublicKeys,
  ) {}

  async lnurlp(host: string | undefined, pathAndQuery: string): Promise<unknown> {
    const request = parseRequest(host, pathAndQuery);
    const receiver = await this.receivers.receiver(host, request.receiverAddress.split('@')[0]);
    if (!isLnurlpRequestForUma(request)) {
      throw new ApiException(
        'INVALID_INPUT',
        'The lookup is a plain LNURL-pay request, and only UMA lookups are answered: send it signed, with the UMA query parameters (vaspDomain, nonce, timestamp, signature)',
      );
    }
    const senderKeys = await this.publicKeys.of(request.vaspDomain!);
    if (!(await verified(() => verifyUmaLnurlpQuerySignature(request, senderKeys, this.nonces)))) {
      throw new ApiException(
        'UNAUTHORIZED',
        `The lookup is not signed by ${request.vaspDomain}'s key, or reuses a nonce, or its timestamp is too old: sign a fresh request with the key ${request.vaspDomain} serves at /.well-known/lnurlpubkey`,
      );
    }
    const currencies = receivable(receiver.config);
    const keys = await this.keys.keysOf(receiver.config.id);
    const response = await getLnurlpResponse({
      request,
      privateKeyBytes: keys.signingPrivateKey,
      requiresTravelRuleInfo: receiver.config.isRegulatedFinancialInstitution,
      callback: `https://${receiver.config.umaDomain}/uma/payreq/${encodeURIComponent(receiver.address.split('@')[0].slice(1))}`,
      encodedMetadata: JSON.stringify([
        ['text/plain', `Pay ${receiver.address}`],
        ['text/identifier', receiver.address],
      ]),
      minSendableSats: 1,
      maxSendableSats: Math.max(1, ...currencies.map((currency) => Math.ceil(currency.maxAmount / 1000))),
      payerDataOptions: requestedPayerData(currencies),
      currencyOptions: currencies.map(umaCurrency),
      receiverKycStatus: KYC_VERIFIED.has(receiver.customer.kycStatus)
        ? KycStatus.Verified
        : KycStatus.NotVerified,
    });
    return JSON.parse(response.toJsonString());
  }

  async publicKeysOf(host: string | undefined): Promise<unknown> {
    const config = await this.receivers.configOf(host);
    const keys = await this.keys.keysOf(config.id);
    const response = new PubKeyResponse(
      undefined,
      undefined,
      keys.signingPublicKey,
      keys.encryptionPublicKey,
    );
    return JSON.parse(response.toJsonString());
  }
}

/** The currencies the platform receives in (enabled for INCOMING). */
export function receivable(config: PlatformConfig): CurrencyConfig[] {
  return config.supportedCurrencies.filter((currency) =>
    currency.enabledTransactionTypes.includes('INCOMING'),
  );
}

function umaCurrency(config: CurrencyConfig): Currency {
  const { code, name, symbol, decimals } = currencyOf(config.currencyCode);
  return new Currency(code, name, symbol, NOMINAL_MULTIPLIER, config.minAmount, config.maxAmount, decimals);
}

function parseRequest(host: string | undefined, pathAndQuery: string): LnurlpRequest {
  try {
    return parseLnurlpRequest(new URL(`https://${host}${pathAndQuery}`));
  } catch (error) {
    if (error instanceof UnsupportedVersionError) {
      const versions = error.supportedMajorVersions.join(', ');
      throw new ApiException(
        'UNSUPPORTED_UMA_VERSION',
        `UMA version ${error.unsupportedVersion} is not supported: ask again in major version ${versions}`,
        {
          supportedMajorVersions: error.supportedMajorVersions,
        },
      );
    }
    throw new ApiException(
      'INVALID_INPUT',
      `Not a UMA lookup request (${(error as Error).message}): send GET /.well-known/lnurlp/{user} with the UMA query parameters`,
    );
  }
}
