/** The largest integer a JSON number carries exactly (2^53 - 1); the schema caps internal balances at it. */
export const MAX_JSON_AMOUNT = BigInt(Number.MAX_SAFE_INTEGER);

/** A count of minor units, as pg returns a bigint (a string) or as computed, for a JSON response. */
export function toJsonAmount(minorUnits: string | bigint): number {
  const value = BigInt(minorUnits);
  if (value > MAX_JSON_AMOUNT || value < -MAX_JSON_AMOUNT) {
    throw new Error(`${value} minor units exceed the range a JSON number carries exactly`);
  }
  return Number(value);
}
