/** An error answer of the API, in its one envelope (docs/api.md#errors), as the console shows it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The envelope when the body is one, else what the status and headers say (a proxy's HTML page). */
  static from(response: Response, body: unknown): ApiError {
    const envelope = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const text = (key: string) => (typeof envelope[key] === 'string' ? (envelope[key] as string) : undefined);
    return new ApiError(
      response.status,
      text('code') ?? `HTTP_${response.status}`,
      text('message') ?? (response.statusText || `The service answered ${response.status}`),
      text('requestId') ?? response.headers.get('x-request-id') ?? undefined,
      envelope.details,
    );
  }
}
