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

  static invalidInput(errors: FieldError[]): ApiException {
    return new ApiException('INVALID_INPUT', errors.map((error) => `${error.field}: ${error.message}`).join('; '), {
      errors,
    });
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
