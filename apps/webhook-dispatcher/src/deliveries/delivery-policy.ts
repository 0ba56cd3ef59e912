import { EgressFailure } from '@payments/egress';

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

/**
 * One HTTP attempt as it is recorded: an answer (status and body excerpt) or why there was none,
 * `error` being the failure's kind and a fixed description (libs/egress), which the platform may read.
 */
export interface AttemptResult {
  url: string;
  startedAt: Date;
  durationMs: number;
  responseStatus?: number;
  responseBody?: string;
  error?: string;
  /** Why no answer came: TIMEOUT as opposed to no connection at all, EGRESS_REFUSED and the like. */
  failure?: EgressFailure;
}

/** Where a delivery stands after an attempt, or after finding no endpoint to attempt. */
export interface Decision {
  status: DeliveryStatus;
  /** When a PENDING delivery is next due; for the others, when the decision was made. */
  nextAttemptAt: Date;
  /** Why the delivery is not DELIVERED; null when it is. */
  lastError: string | null;
}

/** Reason recorded on a delivery that waits because its platform has no webhook endpoint. */
export const WAITING_FOR_ENDPOINT =
  'WEBHOOK_ENDPOINT_NOT_SET: waiting for the platform to set its webhookEndpoint';

/** Seconds before each retry, from WEBHOOK_RETRY_SCHEDULE_SECONDS (already validated as digits and commas). */
export function parseRetrySchedule(text: string): number[] {
  return text.split(',').map(Number);
}

/** A 2xx answer is delivery, and so is 409: the platform already has this webhookId (docs/api.md#webhooks). */
export function isDelivered(result: AttemptResult): boolean {
  const status = result.responseStatus;
  return status !== undefined && ((status >= 200 && status < 300) || status === 409);
}

/**
 * After the `attempt`-th attempt: delivered, or retried after the schedule's delay for that attempt,
 * or given up once the schedule is used up (so a schedule of n delays allows n + 1 attempts).
 */
export function afterAttempt(
  scheduleSeconds: number[],
  attempt: number,
  result: AttemptResult,
  now: Date,
): Decision {
  if (isDelivered(result)) return { status: 'DELIVERED', nextAttemptAt: now, lastError: null };
  const problem = result.error ?? `answered ${result.responseStatus}`;
  const delaySeconds = scheduleSeconds[attempt - 1];
  if (delaySeconds === undefined) {
    return {
      status: 'FAILED',
      nextAttemptAt: now,
      lastError: `gave up after ${attempt} attempt(s): ${problem}`,
    };
  }
  return {
    status: 'PENDING',
    nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000),
    lastError: problem,
  };
}

/**
 * A delivery whose platform has no endpoint waits for one up to `waitSeconds` from its creation, then
 * is given up. Setting an endpoint makes it due at once.
 */
export function withoutEndpoint(waitSeconds: number, createdAt: Date, now: Date): Decision {
  const deadline = new Date(createdAt.getTime() + waitSeconds * 1000);
  if (now >= deadline) {
    return {
      status: 'FAILED',
      nextAttemptAt: now,
      lastError: `gave up: no webhook endpoint was set within ${waitSeconds} s`,
    };
  }
  return { status: 'PENDING', nextAttemptAt: deadline, lastError: WAITING_FOR_ENDPOINT };
}
