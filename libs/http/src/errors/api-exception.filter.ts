import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, throwError } from 'rxjs';
import { ApiException } from './api.exception';
import { ErrorCode } from './error-codes';

/** Framework and parser failures that reach the filter, keyed by their HTTP status. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'INVALID_INPUT',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * Set on the answer to a path the app has no route for, so the gateway tells "no such route" (which
 * it may answer 405 for, knowing the API's other methods) from a resource the route did not find.
 */
export const ROUTE_NOT_FOUND_HEADER = 'x-route-not-found';

/** Maps every error to the envelope `{status, code, message, details?, requestId}`; only our own faults are 500. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(error: unknown, host: ArgumentsHost): void | Observable<never> {
    // Kafka handlers' errors go back to their transport, which retries and dead-letters them.
    if (host.getType() !== 'http') return throwError(() => error);
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    // Fastify's own flag for a request its router matched to no route (its not-found handler).
    if (request.is404) void reply.header(ROUTE_NOT_FOUND_HEADER, 'true');
    const exception = request.is404 ? ApiException.routeNotFound() : this.toApiException(error);
    if (exception.status >= 500) this.logger.error({ err: error, url: request.url }, 'request failed');
    this.send(reply, exception, String(request.id));
  }

  /** Answers the envelope; a 503 or a request still running says when to retry. */
  send(reply: FastifyReply, exception: ApiException, requestId: string): void {
    const retryAfter = exception.retryAfterSeconds ?? (exception.status === 503 ? 1 : undefined);
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    void reply.status(exception.status).send(exception.toBody(requestId));
  }

  toApiException(error: unknown): ApiException {
    if (error instanceof ApiException) return error;
    // A value Postgres refuses to store is the request's fault, whichever check let it through.
    if (isDataException(error))
      return new ApiException('INVALID_INPUT', 'A value of the request cannot be stored');
    const status = statusOf(error);
    if (status === 503) return new ApiException('SERVICE_UNAVAILABLE', messageOf(error, status));
    if (!status || status >= 500)
      return new ApiException(
        'INTERNAL_ERROR',
        'Internal error: retry later, and quote the requestId if it persists',
      );
    // A client error the table does not name is still the client's: never a 500.
    const code = CODE_BY_STATUS[status] ?? 'INVALID_INPUT';
    return new ApiException(code, messageOf(error, status!));
  }
}

/** SQLSTATE class 22, data exception: a value out of range, badly encoded or of the wrong form. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpException) return error.getStatus();
  // Fastify's own errors (bad JSON, wrong content type, body too large) carry statusCode.
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  return typeof statusCode === 'number' ? statusCode : undefined;
}

function messageOf(error: unknown, status: number): string {
  if (status === 413) return 'Request body is too large';
  if (status === 414) return 'The URL is too long';
  if (status === 415) return 'Content-Type must be application/json';
  const message = (error as Error).message;
  if ((error as { code?: string }).code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Request body is empty';
  return typeof message === 'string' && message.length < 300 ? message : 'Invalid request';
}
