import { Inject, Injectable } from '@nestjs/common';
import { ApiException } from '@payments/http';
import { REDIS } from '@payments/runtime';
import Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { SIGNATURE_WINDOW_SECONDS } from '@customers/uma-protocol/peers/signature-window';

/** The nonce is the peer's text: hashed, it makes a key of fixed size whatever it holds. */
export function payRequestNonceKey(senderDomain: string, nonce: string): string {
  return `uma:pay-request-nonce:${createHash('sha256').update(`${senderDomain}\n${nonce}`).digest('hex')}`;
}

/**
 * The nonces of the signed pay requests peers sent, shared by every customers replica through Redis:
 * a pay request replayed to any replica within the signature window is refused. A nonce is kept until
 * its message's timestamp leaves the window, after which the window check alone refuses it.
 */
@Injectable()
export class PayRequestNonces {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /**
   * Records the sender's nonce, once its signature has verified. False when a replica already has:
   * the message is a replay. Without Redis no pay request is taken (503): a guard that lets replays
   * through while it is down is no guard.
   */
  async claim(senderDomain: string, nonce: string, timestampSeconds: number): Promise<boolean> {
    const secondsLeft = Math.ceil(timestampSeconds + SIGNATURE_WINDOW_SECONDS - Date.now() / 1000) + 1;
    try {
      return (
        (await this.redis.set(
          payRequestNonceKey(senderDomain, nonce),
          '1',
          'EX',
          Math.max(1, secondsLeft),
          'NX',
        )) === 'OK'
      );
    } catch {
      throw new ApiException(
        'SERVICE_UNAVAILABLE',
        'Pay requests cannot be checked for replay now, so none is taken: send the same pay request again shortly',
      );
    }
  }
}
