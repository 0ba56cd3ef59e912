import { EgressRefusal } from './address-policy';

/** A connection the egress guard would not open; `code` lets callers tell it from network failures. */
export class EgressRefusedError extends Error {
  readonly code = 'EGRESS_REFUSED';

  constructor(
    readonly host: string,
    readonly refusal: EgressRefusal,
  ) {
    super(`${host} is not an allowed egress target (${refusal})`);
  }
}

/** Whether `error`, or the error undici wrapped it in, is the guard's refusal. */
export function isEgressRefused(error: unknown): error is EgressRefusedError {
  return (
    error instanceof EgressRefusedError || (error as { cause?: unknown })?.cause instanceof EgressRefusedError
  );
}
