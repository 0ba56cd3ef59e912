import { Environment } from '@payments/contracts';
import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import { callersOf } from './internal-call-map';

/** How long an assertion is good for: one request's hop, with room for a slow queue (docs/architecture.md). */
export const ASSERTION_LIFETIME_SECONDS = 30;
/** Clocks of two pods may differ this much; an assertion issued this far in the future is still taken. */
const CLOCK_SKEW_SECONDS = 5;
/** A longer header is refused before it is decoded. */
const MAX_ASSERTION_LENGTH = 4096;
/** The one JWS header this codec writes and accepts: no `alg` negotiation, so no `none` nor key confusion. */
const JWS_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const HKDF_SALT = 'payments/internal-auth';

/**
 * What an assertion binds (JWT claim names where one exists, DPoP's `htm`/`htu` for the request):
 * who issued it for whom, the platform and environment it acts for, the one request it may be used
 * on, and when.
 */
export interface AssertionClaims {
  iss: string;
  aud: string;
  /** The platform and environment; absent on the public pages, which act for no platform. */
  plt?: string;
  env?: Environment;
  htm: string;
  /** The path and query exactly as sent. */
  htu: string;
  /** The request id, which the app's logs and events carry. */
  jti: string;
  /** The digest of the client's Idempotency-Key, when the request has one. */
  idk?: string;
  iat: number;
  exp: number;
}

/** The request an assertion is made for or checked against. */
export interface AssertedRequest {
  method: string;
  pathAndQuery: string;
  platformId?: string;
  environment?: Environment;
  requestId?: string;
  idempotencyKey?: string;
}

export type AssertionRefusal =
  | 'missing'
  | 'malformed'
  | 'untrusted_issuer'
  | 'bad_signature'
  | 'wrong_audience'
  | 'expired'
  | 'wrong_method'
  | 'wrong_path';

export type AssertionCheck = { claims: AssertionClaims } | { refused: AssertionRefusal };

/**
 * Signs and checks the `x-caller-assertion` of calls inside the cluster: a compact JWS (HS256) whose
 * key is derived with HKDF from INTERNAL_AUTH_SECRET per issuer, so a key is never used by two
 * issuers and an app accepts only the issuers the call map lets call it. Synchronous on purpose:
 * it runs on every request (one HMAC, no promise).
 */
export class CallerAssertions {
  private readonly keys = new Map<string, Buffer>();

  constructor(
    /** The app that signs and verifies here. */
    readonly self: string,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  sign(audience: string, request: AssertedRequest): string {
    const iat = Math.floor(this.now() / 1000);
    const claims: AssertionClaims = {
      iss: this.self,
      aud: audience,
      ...(request.platformId === undefined ? {} : { plt: request.platformId }),
      ...(request.environment === undefined ? {} : { env: request.environment }),
      htm: request.method.toUpperCase(),
      htu: request.pathAndQuery,
      jti: request.requestId ?? randomUUID(),
      ...(request.idempotencyKey ? { idk: request.idempotencyKey } : {}),
      iat,
      exp: iat + ASSERTION_LIFETIME_SECONDS,
    };
    const signingInput = `${JWS_HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${signingInput}.${this.mac(this.self, signingInput).toString('base64url')}`;
  }

  /** Checks an assertion presented to this app for `request`: signature first, then every binding. */
  verify(
    token: string | string[] | undefined,
    request: Pick<AssertedRequest, 'method' | 'pathAndQuery'>,
  ): AssertionCheck {
    if (token === undefined || token === '') return { refused: 'missing' };
    if (typeof token !== 'string' || token.length > MAX_ASSERTION_LENGTH) return { refused: 'malformed' };
    const [header, payload, signature, extra] = token.split('.');
    if (header !== JWS_HEADER || !payload || !signature || extra !== undefined)
      return { refused: 'malformed' };
    const claims = decodeClaims(payload);
    if (!claims) return { refused: 'malformed' };
    if (!callersOf(this.self).includes(claims.iss)) return { refused: 'untrusted_issuer' };
    const expected = this.mac(claims.iss, `${header}.${payload}`);
    const presented = Buffer.from(signature, 'base64url');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      return { refused: 'bad_signature' };
    }
    if (claims.aud !== this.self) return { refused: 'wrong_audience' };
    const now = this.now() / 1000;
    if (
      claims.exp <= now ||
      claims.iat > now + CLOCK_SKEW_SECONDS ||
      claims.exp - claims.iat > ASSERTION_LIFETIME_SECONDS
    ) {
      return { refused: 'expired' };
    }
    if (claims.htm !== request.method.toUpperCase()) return { refused: 'wrong_method' };
    if (claims.htu !== request.pathAndQuery) return { refused: 'wrong_path' };
    return { claims };
  }

  private mac(issuer: string, signingInput: string): Buffer {
    return createHmac('sha256', this.keyOf(issuer)).update(signingInput).digest();
  }

  private keyOf(issuer: string): Buffer {
    let key = this.keys.get(issuer);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', this.secret, HKDF_SALT, `caller-assertion/v1/${issuer}`, 32));
      this.keys.set(issuer, key);
    }
    return key;
  }
}

const OPTIONAL_STRING_CLAIMS = ['plt', 'env', 'idk'] as const;

/** The claims of a payload, or undefined when it is not the shape this codec writes. */
function decodeClaims(payload: string): AssertionClaims | undefined {
  let claims: Partial<Record<keyof AssertionClaims, unknown>>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  const strings = [claims.iss, claims.aud, claims.htm, claims.htu, claims.jti];
  if (!strings.every((value) => typeof value === 'string')) return undefined;
  if (!Number.isInteger(claims.iat) || !Number.isInteger(claims.exp)) return undefined;
  if (OPTIONAL_STRING_CLAIMS.some((name) => claims[name] !== undefined && typeof claims[name] !== 'string')) {
    return undefined;
  }
  if (claims.env !== undefined && !Object.values(Environment).includes(claims.env as Environment))
    return undefined;
  return claims as AssertionClaims;
}
