import createClient, { type Middleware } from 'openapi-fetch';
import { v4 as uuid } from 'uuid';
import { ApiError } from './api-error';
import type { paths } from './openapi';

/** The API version every path of the generated types starts with. */
export type ApiClient = ReturnType<typeof createClient<paths>>;

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** HTTP Basic, UTF-8 encoded: `btoa` alone throws on characters beyond Latin-1. */
export function basicAuthorization({ clientId, clientSecret }: Credentials): string {
  const bytes = new TextEncoder().encode(`${clientId}:${clientSecret}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * Authenticates every call with the signed-in token, and gives every POST a fresh Idempotency-Key:
 * one user action is one effect, and the API ignores the header where it takes none
 * (docs/api.md#idempotency).
 */
function signedCalls(credentials: Credentials): Middleware {
  const authorization = basicAuthorization(credentials);
  return {
    onRequest({ request }) {
      request.headers.set('authorization', authorization);
      if (request.method === 'POST' && !request.headers.has('idempotency-key')) {
        request.headers.set('idempotency-key', uuid());
      }
      return request;
    },
  };
}

export function createApiClient(
  credentials: Credentials,
  baseUrl = window.location.origin,
  fetchImpl: typeof fetch = (request) => fetch(request),
): ApiClient {
  const client = createClient<paths>({ baseUrl, fetch: fetchImpl });
  client.use(signedCalls(credentials));
  return client;
}

interface FetchResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** The data of a successful answer; an error answer is thrown as an ApiError. */
export async function answer<Data>(call: Promise<FetchResult<Data>>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) throw ApiError.from(response, error);
  return data as Data;
}
