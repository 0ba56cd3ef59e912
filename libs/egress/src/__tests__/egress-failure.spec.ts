import { egressFailureOf } from '../egress-failure';
import { EgressRefusedError } from '../egress-refused.error';

const coded = (code: string) =>
  Object.assign(new Error(`connect ${code} 10.1.2.3:6379 (internal text)`), { code });

describe('egressFailureOf', () => {
  it.each([
    [new EgressRefusedError('redis', 'LOCAL_NAME'), 'EGRESS_REFUSED'],
    [
      Object.assign(new Error('fetch failed'), {
        cause: new EgressRefusedError('10.0.0.1', 'PRIVATE_NETWORK'),
      }),
      'EGRESS_REFUSED',
    ],
    [coded('UND_ERR_CONNECT_TIMEOUT'), 'TIMEOUT'],
    [coded('UND_ERR_HEADERS_TIMEOUT'), 'TIMEOUT'],
    [coded('UND_ERR_BODY_TIMEOUT'), 'TIMEOUT'],
    [
      Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }),
      'TIMEOUT',
    ],
    [coded('ECONNREFUSED'), 'CONNECTION_FAILED'],
    [coded('ENOTFOUND'), 'CONNECTION_FAILED'],
    [coded('UND_ERR_SOCKET'), 'CONNECTION_FAILED'],
    [coded('ERR_TLS_CERT_ALTNAME_INVALID'), 'TLS_FAILED'],
    [coded('DEPTH_ZERO_SELF_SIGNED_CERT'), 'TLS_FAILED'],
    [coded('ERR_SSL_WRONG_VERSION_NUMBER'), 'TLS_FAILED'],
    [coded('HPE_INVALID_CONSTANT'), 'INVALID_RESPONSE'],
    [coded('UND_ERR_RES_CONTENT_LENGTH_MISMATCH'), 'INVALID_RESPONSE'],
    ['a thrown string', 'CONNECTION_FAILED'],
  ])('%p is %s', (error, failure) => {
    expect(egressFailureOf(error)).toBe(failure);
  });
});
