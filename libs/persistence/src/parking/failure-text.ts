import { storableText } from '@payments/contracts';

/** Long enough for a stack-free message, short enough for a row and a log line. */
const MAX_REASON_LENGTH = 500;

/**
 * A short, bounded label of why an item failed, for the metric: the SQLSTATE of a database error,
 * the code of an API error, or else the error's class name.
 */
export function failureCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code)) return code;
  return error instanceof Error ? error.constructor.name : typeof error;
}

/**
 * Why an item failed, as recorded on its row: the code and message. NUL characters and lone
 * surrogates are replaced, since a reason that cannot be stored would fail the parking itself.
 */
export function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return storableText(`${failureCode(error)}: ${message}`.slice(0, MAX_REASON_LENGTH));
}
