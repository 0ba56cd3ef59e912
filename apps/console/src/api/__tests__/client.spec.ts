import { ApiError } from '@console/api/api-error';
import { answer, basicAuthorization, createApiClient } from '@console/api/client';

const CREDENTIALS = { clientId: 'client', clientSecret: 'sécret' };

/** A fetch that records each request and answers as told. */
function recordingFetch(reply: () => Response) {
  const requests: Request[] = [];
  const fetchImpl = async (request: Request) => {
    requests.push(request);
    return reply();
  };
  return { requests, fetchImpl: fetchImpl as typeof fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('the console API client', () => {
  it('sends HTTP Basic of the credentials, UTF-8 encoded', () => {
    // base64 of the UTF-8 bytes of "client:sécret" (é is C3 A9).
    expect(basicAuthorization(CREDENTIALS)).toBe('Basic Y2xpZW50OnPDqWNyZXQ=');
  });

  it('authenticates reads without an Idempotency-Key', async () => {
    const { requests, fetchImpl } = recordingFetch(() =>
      json(200, { data: [], hasMore: false, totalCount: 0 }),
    );
    const api = createApiClient(CREDENTIALS, 'http://console.test', fetchImpl);
    await answer(api.GET('/2025-10-13/transactions', { params: { query: { limit: 5, status: 'PENDING' } } }));
    expect(requests[0].url).toBe('http://console.test/2025-10-13/transactions?limit=5&status=PENDING');
    expect(requests[0].headers.get('authorization')).toBe(basicAuthorization(CREDENTIALS));
    expect(requests[0].headers.has('idempotency-key')).toBe(false);
  });

  it('gives each POST an Idempotency-Key of its own', async () => {
    const { requests, fetchImpl } = recordingFetch(() => json(200, { count: 0 }));
    const api = createApiClient(CREDENTIALS, 'http://console.test', fetchImpl);
    await answer(api.POST('/2025-10-13/webhooks/deliveries/redeliver', { body: { status: 'FAILED' } }));
    await answer(api.POST('/2025-10-13/webhooks/deliveries/redeliver', { body: { status: 'FAILED' } }));
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('throws the error envelope as an ApiError with its requestId', async () => {
    const envelope = { status: 409, code: 'QUOTE_EXPIRED', message: 'Quote expired', requestId: 'req-1' };
    const { fetchImpl } = recordingFetch(() => json(409, envelope));
    const api = createApiClient(CREDENTIALS, 'http://console.test', fetchImpl);
    const failure = answer(api.GET('/2025-10-13/config'));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      code: 'QUOTE_EXPIRED',
      message: 'Quote expired',
      requestId: 'req-1',
    });
  });

  it('names the request from its header when the body is not the envelope', async () => {
    const { fetchImpl } = recordingFetch(
      () =>
        new Response('<html>Bad gateway</html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'x-request-id': 'req-2' },
        }),
    );
    const api = createApiClient(CREDENTIALS, 'http://console.test', fetchImpl);
    await expect(answer(api.GET('/2025-10-13/config'))).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'Bad Gateway',
      requestId: 'req-2',
    });
  });
});
