const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The inclusive UTC bounds of a range of days as the API's date filters take them (docs/api.md#lists:
 * both bounds inclusive). A day that is empty or malformed bounds nothing.
 */
export function dayRange(from?: string, to?: string): { start?: string; end?: string } {
  return {
    ...(from && DAY.test(from) ? { start: `${from}T00:00:00.000Z` } : {}),
    ...(to && DAY.test(to) ? { end: `${to}T23:59:59.999Z` } : {}),
  };
}
