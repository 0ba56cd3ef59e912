import { CALLER_HEADERS } from '@payments/contracts';
import type { FastifyRequest } from 'fastify';
import { AssertionClaims } from '../internal/caller-assertion';
import { Caller } from './caller';

/** Each identity header and the claim whose value it must repeat when it is sent. */
const HEADER_CLAIMS = [
  [CALLER_HEADERS.platformId, 'plt'],
  [CALLER_HEADERS.environment, 'env'],
  [CALLER_HEADERS.requestId, 'jti'],
  [CALLER_HEADERS.idempotencyKey, 'idk'],
] as const;

/**
 * The caller a verified assertion names, or 'identity_mismatch' when the identity headers beside it
 * say anything else: a header that differs from its claim is an attempt to act as someone else.
 * Undefined when the assertion acts for no platform (the public pages).
 */
export function callerOfAssertion(
  headers: FastifyRequest['headers'],
  claims: AssertionClaims,
): Caller | undefined | 'identity_mismatch' {
  for (const [header, claim] of HEADER_CLAIMS) {
    if (headers[header] !== undefined && headers[header] !== claims[claim]) return 'identity_mismatch';
  }
  if (claims.plt === undefined || claims.env === undefined) return undefined;
  return {
    platformId: claims.plt,
    environment: claims.env,
    requestId: claims.jti,
    ...(claims.idk ? { idempotencyKey: claims.idk } : {}),
  };
}
