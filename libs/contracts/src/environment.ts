/** Sandbox and production data of one platform never mix: every row and event carries one of these. */
export enum Environment {
  Sandbox = 'SANDBOX',
  Production = 'PRODUCTION',
}

export type Permission = 'VIEW' | 'TRANSACT' | 'MANAGE';
export const PERMISSIONS: readonly Permission[] = ['VIEW', 'TRANSACT', 'MANAGE'];

/**
 * Headers the gateway sets on every call it forwards; an app believes them only as far as the call's
 * CALLER_ASSERTION_HEADER vouches for them.
 */
export const CALLER_HEADERS = {
  platformId: 'x-platform-id',
  environment: 'x-environment',
  requestId: 'x-request-id',
  /** A digest of the client's Idempotency-Key, on the POSTs that take one (docs/api.md, idempotency). */
  idempotencyKey: 'x-idempotency-key',
} as const;

/** The signed, short-lived assertion of who calls and for whom (libs/http/src/internal/caller-assertion.ts). */
export const CALLER_ASSERTION_HEADER = 'x-caller-assertion';
