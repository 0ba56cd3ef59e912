/** Network failures of Node and undici: the peer or the database cannot be reached at all. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE classes that speak of the server rather than of a row: connection exception (08),
 * insufficient resources (53), operator intervention such as a shutdown (57), system error (58).
 */
const SYSTEMIC_SQLSTATE_CLASSES = new Set(['08', '53', '57', '58']);

/** node-postgres and its pool report a lost or refused connection without a SQLSTATE. */
const LOST_CONNECTION =
  /Connection terminated|connection error|timeout exceeded when trying to connect|not queryable/i;

/**
 * Whether a failed commit says the database or the peer is down, rather than that one of its items
 * cannot be written: then every item would fail alike, and committing them again in halves would
 * only multiply the calls to a server that cannot answer.
 */
export function isSystemicFault(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, status, message } = error as { code?: unknown; status?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_ERROR_CODES.has(code) || code.startsWith('UND_ERR_')) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return SYSTEMIC_SQLSTATE_CLASSES.has(code.slice(0, 2));
  }
  // A peer's answer of 5xx: it failed or is unavailable as a whole; refusals of one item are 4xx.
  if (typeof status === 'number') return status >= 500;
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}
