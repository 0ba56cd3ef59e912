import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { CALLER_ASSERTION_HEADER, CALLER_HEADERS } from '@payments/contracts';
import { ApiException, CallerAssertions, InternalApp, ROUTE_NOT_FOUND_HEADER } from '@payments/http';
import type { Readable } from 'node:stream';
import { Pool } from 'undici';
import { Principal } from '@gateway/auth/principal';
import { GatewayEnvironment } from '@gateway/gateway.environment';
import { Upstream } from '@gateway/routing/route-table';

export interface UpstreamResponse {
  status: number;
  contentType: string;
  body: string;
  /** A streamed answer (an export), passed on as it arrives: `body` is then empty. */
  stream?: Readable;
  /** The answer's headers the client must see too (a redirect's location, a page's security headers). */
  headers?: Record<string, string>;
  /** The app has no route for the path (ROUTE_NOT_FOUND_HEADER), as opposed to a resource it did not find. */
  routeMissing?: true;
}

/** A request body passed on as it arrives, never held whole in memory: a file upload. */
export interface StreamedBody {
  stream: Readable;
  contentType: string;
  contentLength?: string;
}

export interface UpstreamRequest {
  method: string;
  /** Path and query below the version prefix. */
  pathAndQuery: string;
  /** Parsed JSON, sent as JSON; or a streamed body. */
  body?: unknown | StreamedBody;
  /** Absent for the public pages, which act for no platform. */
  principal?: Principal;
  requestId: string;
  /** The digest of the request's Idempotency-Key, which names its effect in the owning app. */
  idempotencyKey?: string;
  /** The Host the client asked for, passed on where the answer depends on it (the UMA well-known paths). */
  forwardedHost?: string;
}

/** The app behind each upstream: the audience of the caller assertions sent to it. */
const UPSTREAM_APP: Record<Upstream, InternalApp> = {
  customers: 'customers',
  quoting: 'quoting',
  transfers: 'transfers',
  ledger: 'ledger',
  bulkImport: 'bulk-import-worker',
  webhooks: 'webhook-dispatcher',
};

const URL_VARIABLE: Record<Upstream, keyof GatewayEnvironment> = {
  customers: 'CUSTOMERS_URL',
  quoting: 'QUOTING_URL',
  transfers: 'TRANSFERS_URL',
  ledger: 'LEDGER_URL',
  bulkImport: 'BULK_IMPORT_URL',
  webhooks: 'WEBHOOK_DISPATCHER_URL',
};

/** Answer headers passed on to the client besides the content type. */
const FORWARDED_RESPONSE_HEADERS = [
  'location',
  'retry-after',
  'cache-control',
  'content-security-policy',
  'referrer-policy',
  'x-frame-options',
  'x-content-type-options',
  'content-disposition',
];

/**
 * Answers passed on as a stream rather than read whole: the exports (docs/api.md, "Reports"), whose
 * size has no bound. Every other answer is small JSON, read whole so that it can be inspected and
 * stored as an idempotent reply.
 */
const STREAMED_CONTENT_TYPES = ['text/csv', 'application/x-ndjson'];

function isStreamedAnswer(status: number, contentType: string): boolean {
  return status === 200 && STREAMED_CONTENT_TYPES.some((type) => contentType.startsWith(type));
}

export function isStreamedBody(body: unknown): body is StreamedBody {
  return typeof (body as StreamedBody | undefined)?.stream?.pipe === 'function';
}

/**
 * Calls the owning app over HTTP on a pool of keep-alive connections, passing the caller's platform,
 * environment and request id as headers with a caller assertion that vouches for them. Measured cost of the extra hop: docs/performance.md,
 * "The gateway hop".
 */
@Injectable()
export class UpstreamClient implements OnApplicationShutdown {
  private readonly logger = new Logger(UpstreamClient.name);
  private readonly pools = new Map<Upstream, Pool>();
  private readonly timeoutMs: number;
  private readonly uploadTimeoutMs: number;

  constructor(
    private readonly config: ConfigService<GatewayEnvironment, true>,
    private readonly assertions: CallerAssertions,
  ) {
    this.timeoutMs = config.get('UPSTREAM_TIMEOUT_MS', { infer: true });
    this.uploadTimeoutMs = config.get('UPSTREAM_UPLOAD_TIMEOUT_MS', { infer: true });
  }

  async call(upstream: Upstream, request: UpstreamRequest): Promise<UpstreamResponse> {
    const headers: Record<string, string> = { [CALLER_HEADERS.requestId]: request.requestId };
    if (request.principal) {
      headers[CALLER_HEADERS.platformId] = request.principal.platformId;
      headers[CALLER_HEADERS.environment] = request.principal.environment;
    }
    if (request.idempotencyKey) headers[CALLER_HEADERS.idempotencyKey] = request.idempotencyKey;
    headers[CALLER_ASSERTION_HEADER] = this.assertions.sign(UPSTREAM_APP[upstream], {
      method: request.method,
      pathAndQuery: request.pathAndQuery,
      platformId: request.principal?.platformId,
      environment: request.principal?.environment,
      requestId: request.requestId,
      idempotencyKey: request.idempotencyKey,
    });
    if (request.forwardedHost) headers['x-forwarded-host'] = request.forwardedHost;
    const { body } = request;
    const hasBody = body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
    const streamed = hasBody && isStreamedBody(body);
    if (streamed) {
      headers['content-type'] = body.contentType;
      if (body.contentLength !== undefined) headers['content-length'] = body.contentLength;
    } else if (hasBody) {
      headers['content-type'] = 'application/json';
    }
    // An upload takes as long as the client needs to send it, and the app to store it.
    const timeoutMs = streamed ? this.uploadTimeoutMs : this.timeoutMs;
    try {
      const response = await this.pool(upstream).request({
        method: request.method as 'GET',
        path: request.pathAndQuery,
        headers,
        body: streamed ? body.stream : hasBody ? JSON.stringify(body) : undefined,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const forwarded = Object.fromEntries(
        FORWARDED_RESPONSE_HEADERS.flatMap((name) => {
          const value = response.headers[name];
          return typeof value === 'string' ? [[name, value]] : [];
        }),
      );
      const contentType = String(response.headers['content-type'] ?? 'application/json; charset=utf-8');
      const streamedAnswer = isStreamedAnswer(response.statusCode, contentType);
      return {
        status: response.statusCode,
        contentType,
        body: streamedAnswer ? '' : await response.body.text(),
        ...(streamedAnswer ? { stream: response.body } : {}),
        ...(Object.keys(forwarded).length ? { headers: forwarded } : {}),
        ...(response.headers[ROUTE_NOT_FOUND_HEADER] ? { routeMissing: true as const } : {}),
      };
    } catch (error) {
      this.logger.warn({ err: error, upstream }, 'upstream call failed');
      // The outcome is unknown: the request may have taken effect. A retry with the same
      // Idempotency-Key answers whatever it did (README, "Retries").
      throw ApiException.retryLater(
        'SERVICE_UNAVAILABLE',
        `The ${upstream} service did not answer; the outcome is unknown: retry with the same Idempotency-Key`,
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }

  private pool(upstream: Upstream): Pool {
    let pool = this.pools.get(upstream);
    if (!pool) {
      pool = new Pool(String(this.config.get(URL_VARIABLE[upstream])), {
        connections: 64,
        pipelining: 1,
        keepAliveTimeout: 60_000,
      });
      this.pools.set(upstream, pool);
    }
    return pool;
  }
}
