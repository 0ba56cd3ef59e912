import type { NonceValidator } from '@uma-sdk/core';

/** How far a signed message's timestamp may be from now: clocks differ, and a message takes time. */
export const SIGNATURE_WINDOW_SECONDS = 600;

export function withinSignatureWindow(timestampSeconds: number, nowSeconds = Date.now() / 1000): boolean {
  return Math.abs(nowSeconds - timestampSeconds) <= SIGNATURE_WINDOW_SECONDS;
}

/**
 * For the SDK's signature checks, which ask about the nonce before they check the signature: this
 * judges the timestamp only and records nothing, so a forged message cannot spend the nonce of a
 * real one. The caller records the nonce once the signature has verified (PayRequestNonces).
 */
export const TIMESTAMP_ONLY: NonceValidator = {
  checkAndSaveNonce: async (_nonce: string, timestampSeconds: number) =>
    withinSignatureWindow(timestampSeconds),
};
