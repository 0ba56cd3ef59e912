import { EgressPolicy, EgressRefusal } from './address-policy';

/** What a refused URL is told, by refusal: the kind of target, never anything learnt by connecting. */
const REFUSAL_MESSAGES: Record<EgressRefusal, string> = {
  CLOUD_METADATA: 'must not target a cloud metadata service',
  PRIVATE_NETWORK: 'must not target a loopback or private network address',
  SPECIAL_PURPOSE: 'must not target a link-local, multicast, reserved or other special-purpose address',
  LOCAL_NAME: 'must name a public host (not localhost, a single-label name, or a .local or .internal name)',
};

export interface EgressUrlRules {
  /** Plain http refused (a production webhook endpoint). */
  requireHttps: boolean;
}

/**
 * Judges an outbound URL where it enters the system (a platform's config), before it is stored:
 * parsed by the WHATWG URL parser undici dials with, so that every spelling of an address
 * (2130706433, 0x7f000001, 0177.0.0.1, 127.1, 0, a trailing dot, [::ffff:7f00:1]) is judged as the
 * address it becomes. Returns why it is refused, or undefined. Names are judged only by their form
 * here; what they resolve to is checked on every connection (guardedAgent).
 */
export function egressUrlProblem(
  raw: string,
  policy: EgressPolicy,
  rules: EgressUrlRules,
): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (rules.requireHttps && url.protocol !== 'https:') return 'must be an https URL in production';
  if (url.username || url.password) return 'must not carry a user name or password';
  const refusal = policy.refusalOfHost(url.hostname);
  return refusal && REFUSAL_MESSAGES[refusal];
}
