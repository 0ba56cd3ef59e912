import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger as Pino, LoggerOptions } from 'pino';
import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import { CALLER_HEADERS } from '@payments/contracts';
import { RequestContext } from '../context/request-context';
import { redactUrl } from './url-redaction';

const QUIET_PATHS = new Set(['/health', '/ready', '/metrics']);

/**
 * JSON logs: every line, from an HTTP handler or a Kafka consumer, names the request that caused it;
 * secrets and credentials are redacted, in headers and bodies by path and in a logged request's URL
 * by its serializer (tokens in paths and query strings, docs/security.md). A line written inside a
 * traced span carries its trace and span ids (docs/operations.md#tracing).
 */
export function loggerOptions(app: string, level: string): LoggerOptions {
  return {
    level,
    base: { app },
    mixin: () => {
      const requestId = RequestContext.requestId();
      return { ...(requestId ? { requestId } : {}), ...traceIds() };
    },
    serializers: { req: redactRequestUrl },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.clientSecret', '*.secret', '*.password'],
      censor: '[redacted]',
    },
  };
}

/**
 * The ids of the active span, if any. With tracing off the API's no-op context manager answers
 * at once and there is no span, so this costs a function call per line.
 */
function traceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const spanContext = span.spanContext();
  if (!isSpanContextValid(spanContext)) return undefined;
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/** The `req` of a log line with its URL redacted; pino-http hands it the standard serialization. */
function redactRequestUrl<T extends { url?: unknown }>(req: T): T {
  if (typeof req?.url === 'string') req.url = redactUrl(req.url);
  return req;
}

/**
 * The access log, written from a Fastify hook rather than an HTTP middleware: the middleware layer
 * cost a third of the throughput of a simple read. Successes log at debug so that a busy service
 * does not spend its CPU on them.
 */
export function logRequest(logger: Pino, request: FastifyRequest, reply: FastifyReply): void {
  if (QUIET_PATHS.has(request.url)) return;
  const status = reply.statusCode;
  const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    {
      requestId: request.id,
      req: { method: request.method, url: request.url },
      res: { statusCode: status },
      responseTimeMs: Math.round(reply.elapsedTime),
    },
    'request completed',
  );
}

export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers[CALLER_HEADERS.requestId];
  if (typeof header === 'string' && /^[\w.:-]{1,100}$/.test(header)) return header;
  return randomUUID();
}
