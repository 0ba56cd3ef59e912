import { Injectable } from '@nestjs/common';
import { EventScope, toApiId } from '@payments/contracts';
import { BoundedCache } from '@payments/runtime';
import { KeyObject, sign } from 'node:crypto';
import { keyScopeOf, ScopeKeys, SigningKeyStore } from '@webhooks/signing/signing-key.store';

export const SIGNATURE_HEADER = 'x-grid-signature';
/** During a rotation's overlap: the same body signed with the next key (docs/api.md#webhook-signatures). */
export const NEXT_SIGNATURE_HEADER = 'x-grid-signature-next';

/** Scopes whose keys a replica keeps in memory; one evicted is read again. */
const MAX_CACHED_SCOPES = 10_000;
/**
 * How stale a replica's view of a scope's keys may be: a rotation made through another replica (or an
 * overlap's end) is followed within it. Short, since an immediate rotation retires a compromised key.
 */
const KEYS_TTL_MS = 10_000;

/** What one delivery attempt sends: the body stamped with this attempt, and its signature headers. */
export interface SignedAttempt {
  body: string;
  headers: Record<string, string>;
}

/**
 * Signs each delivery attempt afresh with its platform's key for its environment: ECDSA P-256 over
 * SHA-256 (DER, base64) of the exact body sent. The body gains `platformId`, `environment` and
 * `sentAt` (this attempt's time), so a signed webhook cannot pass for another platform's or
 * environment's, and a receiver can refuse one replayed later (docs/api.md#webhook-signatures).
 */
@Injectable()
export class WebhookSigner {
  private readonly cache = new BoundedCache<ScopeKeys>(MAX_CACHED_SCOPES, { ttlMs: KEYS_TTL_MS });

  constructor(private readonly store: SigningKeyStore) {}

  keysOf(scope: EventScope): Promise<ScopeKeys> {
    return this.cache.get(cacheKeyOf(scope), () => this.store.keysOf(scope));
  }

  /** After a rotation through this replica: its next attempt signs with the keys that rotation left. */
  forget(scope: EventScope): void {
    this.cache.evict(cacheKeyOf(scope));
  }

  async signAttempt(scope: EventScope, body: string, sentAt = new Date()): Promise<SignedAttempt> {
    const keys = await this.keysOf(scope);
    const stamped = stampAttempt(body, scope, sentAt);
    const headers: Record<string, string> = {
      [SIGNATURE_HEADER]: signatureOf(stamped, keys.current.privateKey),
    };
    if (keys.next) headers[NEXT_SIGNATURE_HEADER] = signatureOf(stamped, keys.next.privateKey);
    return { body: stamped, headers };
  }
}

/**
 * The stored body (a JSON object) with this attempt's fields appended. Spliced as text rather than
 * parsed and written again, which would round amounts beyond 2^53 that a body may hold.
 */
export function stampAttempt(body: string, scope: EventScope, sentAt: Date): string {
  const end = body.lastIndexOf('}');
  if (!body.trimStart().startsWith('{') || end < 0) throw new Error('a webhook body must be a JSON object');
  const fields = JSON.stringify({
    platformId: toApiId('Platform', keyScopeOf(scope).platformId),
    environment: scope.environment,
    sentAt: sentAt.toISOString(),
  }).slice(1, -1);
  const isEmpty = body.slice(body.indexOf('{') + 1, end).trim() === '';
  return `${body.slice(0, end)}${isEmpty ? '' : ','}${fields}${body.slice(end)}`;
}

function signatureOf(body: string, key: KeyObject): string {
  return sign('sha256', Buffer.from(body), { key, dsaEncoding: 'der' }).toString('base64');
}

const cacheKeyOf = (scope: EventScope) => {
  const { platformId, environment } = keyScopeOf(scope);
  return `${platformId}:${environment}`;
};
