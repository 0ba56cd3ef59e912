import { Injectable } from '@nestjs/common';
import { ApiException } from '@payments/http';
import { PubKeyResponse } from '@uma-sdk/core';
import { UmaPeerHttp } from '@customers/uma-protocol/peers/uma-peer-http';

/** How long a peer's keys are kept when it names no expiry. */
const CACHE_SECONDS = 600;
const MAX_CACHED_DOMAINS = 1000;

/**
 * The public keys UMA peers serve at /.well-known/lnurlpubkey, kept per domain until their expiry
 * (at most CACHE_SECONDS). A peer whose keys cannot be fetched or read: 424
 * COUNTERPARTY_PUBKEY_FETCH_ERROR.
 */
@Injectable()
export class UmaPublicKeys {
  private readonly cache = new Map<string, { keys: PubKeyResponse; expiresAt: number }>();

  constructor(private readonly peers: UmaPeerHttp) {}

  async of(domain: string): Promise<PubKeyResponse> {
    const cached = this.cache.get(domain);
    if (cached && cached.expiresAt > Date.now()) return cached.keys;
    let keys: PubKeyResponse;
    try {
      keys = PubKeyResponse.fromJson(await this.peers.get(domain, '/.well-known/lnurlpubkey'));
      keys.getSigningPubKey();
      keys.getEncryptionPubKey();
    } catch (error) {
      throw new ApiException(
        'COUNTERPARTY_PUBKEY_FETCH_ERROR',
        `The UMA public keys of ${domain} could not be fetched (${(error as Error).message}): ${domain} must serve them at /.well-known/lnurlpubkey; retry once it does`,
      );
    }
    const expiresAt = Math.min(
      Date.now() + CACHE_SECONDS * 1000,
      (keys.expirationTimestamp ?? Infinity) * 1000,
    );
    if (this.cache.size >= MAX_CACHED_DOMAINS) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(domain, { keys, expiresAt });
    return keys;
  }
}

/** A signature check that throws on a malformed signature counts as not verified. */
export async function verified(check: () => Promise<boolean> | boolean): Promise<boolean> {
  try {
    return await check();
  } catch {
    return false;
  }
}
