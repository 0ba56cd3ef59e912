import { isEgressRefused } from './egress-refused.error';

/**
 * Why an outbound call got no usable answer, as it may be shown to the platform that named the URL:
 * a kind, never the error's own text (which names internal hosts, addresses and ports).
 */
export type EgressFailure =
  'EGRESS_REFUSED' | 'TIMEOUT' | 'CONNECTION_FAILED' | 'TLS_FAILED' | 'INVALID_RESPONSE';

export const EGRESS_FAILURE_DESCRIPTIONS: Record<EgressFailure, string> = {
  EGRESS_REFUSED: 'the endpoint resolves to an address this deployment does not call',
  TIMEOUT: 'no answer in time',
  CONNECTION_FAILED: 'the endpoint could not be connected to',
  TLS_FAILED: 'the TLS handshake with the endpoint failed',
  INVALID_RESPONSE: 'the endpoint answered something that is not HTTP',
};

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
  'ABORT_ERR',
]);
const INVALID_RESPONSE_CODES = new Set([
  'HPE_INVALID_CONSTANT',
  'UND_ERR_RESPONSE_STATUS_CODE',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_RES_EXCEEDED_MAX_SIZE',
  'UND_ERR_INFO',
]);

/** The kind of an outbound call's failure, from the error undici or Node raised. */
export function egressFailureOf(error: unknown): EgressFailure {
  if (isEgressRefused(error)) return 'EGRESS_REFUSED';
  const code = codeOf(error) ?? codeOf((error as { cause?: unknown })?.cause) ?? '';
  if (TIMEOUT_CODES.has(code) || (error as Error)?.name === 'TimeoutError') return 'TIMEOUT';
  if (code.startsWith('HPE_') || INVALID_RESPONSE_CODES.has(code)) return 'INVALID_RESPONSE';
  if (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)
  ) {
    return 'TLS_FAILED';
  }
  return 'CONNECTION_FAILED';
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}
