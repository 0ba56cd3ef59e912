import { Credentials } from './credentials';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as is instead of JSON-encoding `body`. */
  rawBody?: string;
  /** Sent as multipart/form-data. */
  formData?: FormData;
}

export interface UploadOptions {
  /** The form part the file goes in. */
  part?: string;
  filename?: string;
  headers?: Record<string, string>;
}

/** Headers a request needs besides its own, made for its method and path (a caller assertion). */
export type RequestSigner = (method: string, path: string) => Record<string, string>;

/** A thin HTTP client for the public API, the way a platform would call it. */
export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly credentials?: Credentials,
    private readonly signer?: RequestSigner,
  ) {}

  withCredentials(credentials: Credentials): ApiClient {
    return new ApiClient(this.baseUrl, credentials, this.signer);
  }

  get<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request('GET', path, undefined, options);
  }

  post<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request('POST', path, body, options);
  }

  patch<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request('PATCH', path, body, options);
  }

  delete<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request('DELETE', path, undefined, options);
  }

  /** POSTs a file as a browser form would: multipart/form-data with the file in `part`. */
  upload<T = any>(
    path: string,
    file: string | Buffer,
    { part = 'file', filename = 'customers.csv', headers }: UploadOptions = {},
  ): Promise<ApiResponse<T>> {
    const form = new FormData();
    form.append(part, new Blob([file], { type: 'text/csv' }), filename);
    return this.request('POST', path, undefined, { formData: form, headers });
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.signer?.(method, path), ...options.headers };
    if (this.credentials) {
      const encoded = Buffer.from(`${this.credentials.clientId}:${this.credentials.clientSecret}`).toString(
        'base64',
      );
      headers.authorization ??= `Basic ${encoded}`;
    }
    let payload: string | FormData | undefined = options.formData ?? options.rawBody;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (typeof payload === 'string') headers['content-type'] ??= 'application/json';
    const send = () => fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    const response = await send().catch((error: unknown) => {
      // A pooled keep-alive socket the server closed as the request went out on it (its 65 s idle
      // timeout, hit when the suite's process is too busy to retire the socket a second before):
      // that request was never read, so it is sent again once, keyless POSTs included. The specs
      // that kill a gateway mid-request send keyed requests, whose retry is safe anyway.
      if (!isStaleSocket(error)) throw error;
      return send();
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a page, a metrics dump): the test sees the text.
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
}

/** undici's answer when a request went out on a socket the other side had closed. */
function isStaleSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code === 'UND_ERR_SOCKET' && cause.message === 'other side closed';
}
