import { API_PREFIX } from '../api-version';
import { ERROR_STATUS, ErrorBody, ErrorCode, FieldError } from './error-codes';

/** Thrown by any module for a failure the client should see; the global filter renders it. */
export class ApiException extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  /**
   * The seconds after which the same request may be sent again, answered as Retry-After: set for a
   * request still running under its Idempotency-Key (409) and for every 503, whose outcome is unknown.
   */
  retryAfterSeconds?: number;

  /** A failure the client should retry, with the same Idempotency-Key, after `seconds`. */
  static retryLater(code: ErrorCode, message: string, seconds = 1): ApiException {
    const exception = new ApiException(code, message);
    exception.retryAfterSeconds = seconds;
    return exception;
  }

  /**
   * A resource the caller cannot see, named by its full API id: one message whether the id does not
   * exist or belongs to another platform or environment, so that it reveals neither.
   */
  static notFound(code: ErrorCode, resource: string): ApiException {
    return new ApiException(
      code,
      `${resource} not found for this platform and environment: check the id, or the credentials' environment (sandbox vs production)`,
    );
  }

  /** A path no route serves, under any method. */
  static routeNotFound(): ApiException {
    return new ApiException(
      'NOT_FOUND',
      `No route has this path: check it against the API reference (every path starts with ${API_PREFIX}/)`,
    );
  }

  static invalidInput(errors: FieldError[]): ApiException {
    return new ApiException(
      'INVALID_INPUT',
      errors.map((error) => `${error.field}: ${error.message}`).join('; '),
      {
        errors,
      },
    );
  }

  /**
   * Whether `error` refused the request (a 4xx, from this app or one it asked), as opposed to a
   * failure (5xx, or no answer) after which the same request may still succeed.
   */
  static isRefusal(error: unknown): error is ApiException {
    return error instanceof ApiException && error.status < 500;
  }

  /** Rebuilds an exception from an error body another app returned. */
  static fromBody(body: ErrorBody): ApiException {
    return new ApiException(body.code, body.message, body.details);
  }

  toBody(requestId?: string): ErrorBody {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
      ...(requestId ? { requestId } : {}),
    };
  }
}
