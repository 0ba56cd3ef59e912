/** What stands in for a secret in a logged URL. */
export const REDACTED = '[redacted]';

/**
 * Paths whose next segment is a bearer secret: the hosted KYC page's token, a Plaid link callback's
 * link token, an invitation's claim code (docs/security.md). Anyone who reads it in a log could act
 * with it, so the segment never reaches one. Matched anywhere in the target, so the versioned API,
 * an internal app's unprefixed path and an absolute-form target are all covered.
 */
const SECRET_SEGMENTS = [
  /(\/kyc\/)[^/?#]+/gi,
  /(\/plaid\/callback\/)[^/?#]+/gi,
  /(\/invitations\/)[^/?#]+/gi,
];

/** Query parameters whose value is a credential, a signature or a one-time code. */
const SECRET_PARAMETER =
  /token|secret|code|signature|sig$|password|passwd|key|auth|credential|session|nonce|otp|ticket|assertion/i;

/**
 * The request target as it may be logged: secret path segments and the values of secret query
 * parameters replaced. Parameter names are kept, so a log still tells which was sent.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const redactedPath = SECRET_SEGMENTS.reduce(
    (result, pattern) => result.replace(pattern, `$1${REDACTED}`),
    path,
  );
  if (queryStart === -1) return redactedPath;
  return `${redactedPath}?${redactQuery(url.slice(queryStart + 1))}`;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator === -1 ? pair : pair.slice(0, separator);
      return separator !== -1 && SECRET_PARAMETER.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A name as the server would read it; a malformed escape is judged as written. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
