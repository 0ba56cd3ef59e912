import { Pool } from 'undici';
import { HostileRequest } from './hostile-requests';

export interface HostileOutcome {
  request: HostileRequest;
  status: number;
  body: string;
  requestId?: string;
}

/**
 * Sends the requests as they are, path bytes included (a client that speaks HTTP directly, not
 * one that would normalise the URL first), `concurrency` at a time.
 */
export async function sendHostile(
  origin: string,
  prefix: string,
  requests: HostileRequest[],
  concurrency: number,
): Promise<HostileOutcome[]> {
  const pool = new Pool(origin, { connections: concurrency });
  const outcomes: HostileOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++];
      const response = await pool.request({
        method: request.method as 'GET',
        path: `${prefix}${request.path}`,
        headers: request.headers,
        body: request.body,
      });
      const requestId = response.headers['x-request-id'];
      outcomes.push({
        request,
        status: response.statusCode,
        body: await response.body.text(),
        requestId: typeof requestId === 'string' ? requestId : undefined,
      });
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await pool.close();
  }
  return outcomes;
}

/**
 * Judgements of a field's value by its range, length or size, which a value of the wrong type never
 * reached: class-validator's Min, Max, Length and ArrayMin/MaxSize messages.
 */
const LIMIT_JUDGEMENT =
  /must not be (greater|less) than|must be (shorter|longer) than|must contain (no more than|at least)/;

/**
 * Why the answer to a hostile request is wrong: anything but a refusal (4xx) in the error envelope,
 * another status than the one the request must get, or a limit named to a mistyped field.
 */
export function misjudgement({ request, status, body, requestId }: HostileOutcome): string | undefined {
  if (status < 400 || status >= 500) return `answered ${status}`;
  if (request.status !== undefined && status !== request.status)
    return `answered ${status}, not ${request.status}`;
  let envelope: Record<string, unknown>;
  try {
    envelope = JSON.parse(body);
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  if (
    envelope.status !== status ||
    typeof envelope.code !== 'string' ||
    typeof envelope.message !== 'string'
  ) {
    return `answered ${status} outside the error envelope`;
  }
  if (!requestId || envelope.requestId !== requestId) return `answered ${status} without its requestId`;
  return request.mistypedField === undefined ? undefined : limitNamed(envelope, request.mistypedField);
}

function limitNamed(envelope: Record<string, unknown>, field: string): string | undefined {
  const errors = ((envelope.details as { errors?: unknown })?.errors ?? []) as {
    field?: string;
    message?: string;
  }[];
  const named = errors.find((error) => error.field === field && LIMIT_JUDGEMENT.test(String(error.message)));
  return named ? `named a limit to mistyped ${field}: "${named.message}"` : undefined;
}
