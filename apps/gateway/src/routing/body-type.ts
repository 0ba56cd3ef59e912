import { ApiException } from '@payments/http';
import type { IncomingHttpHeaders } from 'node:http';

const JSON_TYPE = 'application/json';
export const MULTIPART = 'multipart/form-data';
/** The one operation of the API whose body is not JSON (docs/api.md, "Base URL and versioning"). */
const UPLOAD = { method: 'POST', path: '/customers/bulk/csv' };

/**
 * Why the API does not take the body of a request to `path` (below the version prefix), or
 * undefined when it does: every body is JSON but the bulk CSV upload's, multipart. Checked before
 * the body is parsed: a body in form encoding (curl's default for -d), read as fields, used to
 * reach validation and be refused for what it seemed to lack ("customerType: must be one of …").
 * A JSON body to the upload passes, for its app to say where the CSV goes.
 */
export function bodyTypeRefusal(
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
): ApiException | undefined {
  if (method === 'GET' || method === 'HEAD' || !hasBody(headers)) return undefined;
  const type = mediaTypeOf(headers['content-type']);
  const expected = method === UPLOAD.method && path === UPLOAD.path ? MULTIPART : JSON_TYPE;
  if (type === expected || type === JSON_TYPE) return undefined;
  return new ApiException(
    'UNSUPPORTED_MEDIA_TYPE',
    `Content-Type must be ${expected}; got ${type ?? 'none'}`,
    { expected, received: type ?? null },
  );
}

/** As Fastify tells whether there is a body to parse. */
function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The media type without its parameters (`; charset=utf-8`, `; boundary=…`), in lower case. */
function mediaTypeOf(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  return type || undefined;
}
