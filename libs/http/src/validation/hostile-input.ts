import { unstorableText } from '@payments/contracts';
import { ApiException } from '../errors/api.exception';
import { FieldError } from '../errors/error-codes';

/**
 * Levels of objects and arrays, the body counted: far more than any body of the API needs (an
 * external account's beneficiary address is at the fourth).
 */
export const MAX_JSON_DEPTH = 16;
/** Longer than any path of the API with its query, ids included; longer is refused with 414. */
export const MAX_URL_LENGTH = 4096;
/** Longer than any id or path parameter of the API. */
export const MAX_PATH_SEGMENT_LENGTH = 256;

/**
 * The faults of a parsed JSON body that no field's own rules should have to think of: unstorable
 * text in a key or a value, nesting beyond MAX_JSON_DEPTH, and numbers JSON cannot carry exactly
 * (1e309 parses as Infinity, and integers beyond 2^53 lose their last digits). A body that is not an
 * object is refused too: every body of the API is one.
 */
export function hostileBodyFaults(body: unknown): FieldError[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [{ field: 'body', message: 'must be a JSON object' }];
  }
  const faults: FieldError[] = [];
  collectFaults(body, '', 0, faults);
  return faults;
}

function collectFaults(value: unknown, path: string, depth: number, faults: FieldError[]): void {
  const field = path || 'body';
  if (typeof value === 'string') {
    const fault = unstorableText(value);
    if (fault) faults.push({ field, message: fault });
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) faults.push({ field, message: 'is a number too large to represent' });
    else if (Math.abs(value) > Number.MAX_SAFE_INTEGER)
      faults.push({ field, message: 'is a number beyond 2^53, not exact in JSON' });
  } else if (typeof value === 'object' && value !== null) {
    if (depth >= MAX_JSON_DEPTH) {
      faults.push({ field, message: `nests deeper than ${MAX_JSON_DEPTH} levels` });
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      const keyFault = unstorableText(key);
      if (keyFault) faults.push({ field: `${field} key`, message: keyFault });
      else
        collectFaults(
          child,
          Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
          depth + 1,
          faults,
        );
    }
  }
}

/** Refuses a body with any of `hostileBodyFaults`, naming each. */
export function assertSafeBody(body: unknown): void {
  const faults = hostileBodyFaults(body);
  if (faults.length > 0) throw ApiException.invalidInput(faults);
}

/**
 * Refuses a URL whose path or query cannot be decoded to storable text, or that is longer than any
 * of the API's: before any route or app sees it, so no parameter needs to think of it.
 */
export function assertSafeUrl(url: string): void {
  if (url.length > MAX_URL_LENGTH)
    throw new ApiException('URI_TOO_LONG', `The URL is longer than ${MAX_URL_LENGTH} characters`);
  // Most URLs are shorter than one segment may be, and hold nothing encoded: nothing more to judge.
  if (url.length > MAX_PATH_SEGMENT_LENGTH) {
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    if (path.split('/').some((segment) => segment.length > MAX_PATH_SEGMENT_LENGTH)) {
      throw new ApiException(
        'URI_TOO_LONG',
        `A path segment is longer than ${MAX_PATH_SEGMENT_LENGTH} characters`,
      );
    }
  }
  if (!url.includes('%')) return;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    throw new ApiException('INVALID_INPUT', 'The URL holds malformed percent-encoding');
  }
  const fault = unstorableText(decoded);
  if (fault) throw new ApiException('INVALID_INPUT', `The URL ${fault}`);
}
