import { CALLER_ASSERTION_HEADER, CALLER_HEADERS } from '@payments/contracts';
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { Caller } from '../caller/caller';
import { ApiException } from '../errors/api.exception';
import { ErrorBody } from '../errors/error-codes';
import { CallerAssertions } from './caller-assertion';
import { InternalApp } from './internal-call-map';

const TIMEOUT_MS = 10_000;

/**
 * Asks another app synchronously, on the caller's behalf: the caller's platform, environment and
 * request id travel as headers, vouched for by a caller assertion this app signs for the one
 * request; the other app's error envelope comes back as the same ApiException, so a 404 or 422
 * there is a 404 or 422 here.
 */
export class InternalClient {
  private readonly pool: Pool;

  constructor(
    private readonly app: InternalApp,
    baseUrl: string,
    private readonly assertions: CallerAssertions,
  ) {
    this.pool = new Pool(baseUrl, { connections: 32, keepAliveTimeout: 60_000 });
  }

  get<T>(caller: Caller, path: string): Promise<T> {
    return this.request('GET', caller, path);
  }

  post<T>(caller: Caller, path: string, body: unknown): Promise<T> {
    return this.request('POST', caller, path, body);
  }

  async request<T>(
    method: 'GET' | 'POST' | 'PATCH',
    caller: Caller,
    path: string,
    body?: unknown,
  ): Promise<T> {
    let status: number;
    let text: string;
    const requestId = caller.requestId ?? randomUUID();
    const assertion = this.assertions.sign(this.app, {
      method,
      pathAndQuery: path,
      platformId: caller.platformId,
      environment: caller.environment,
      requestId,
    });
    try {
      const response = await this.pool.request({
        method,
        path,
        headers: {
          [CALLER_HEADERS.platformId]: caller.platformId,
          [CALLER_HEADERS.environment]: caller.environment,
          [CALLER_HEADERS.requestId]: requestId,
          [CALLER_ASSERTION_HEADER]: assertion,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch {
      throw new ApiException(
        'SERVICE_UNAVAILABLE',
        `The ${this.app} service is unavailable; the outcome is unknown: retry with the same Idempotency-Key`,
      );
    }
    if (status >= 500)
      throw new ApiException(
        'SERVICE_UNAVAILABLE',
        `The ${this.app} service failed; the outcome is unknown: retry with the same Idempotency-Key`,
      );
    const parsed = text ? JSON.parse(text) : undefined;
    if (status >= 400) throw ApiException.fromBody(parsed as ErrorBody);
    return parsed as T;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
