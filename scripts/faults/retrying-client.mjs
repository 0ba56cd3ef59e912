// A platform's API client that behaves as the contract asks of one: every request carries an
// Idempotency-Key and is sent again with the same key and body after any answer that leaves the
// outcome unknown (5xx, 429, 409 with Retry-After, a timeout, a dropped connection) until a final one.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { API_PREFIX } from '../lib/api-version.mjs';

const ATTEMPT_TIMEOUT_MS = 10_000;
/** A request still without a final answer after this long is given up: the client lost it. */
const GIVE_UP_MS = 180_000;
const MAX_BACKOFF_MS = 2_000;

export class RetryingClient {
  /**
   * `onAnswer({ sentAt, answeredAt, status })` hears every attempt: the suite times recoveries by it.
   * @param {string} gatewayUrl
   * @param {{ clientId: string, clientSecret: string }} credentials
   * @param {{ onAnswer?: (attempt: { sentAt: number, answeredAt: number, status: number }) => void, connections?: number }} [options]
   */
  constructor(gatewayUrl, credentials, { onAnswer = () => undefined, connections = 16 } = {}) {
    this.pool = new Pool(gatewayUrl, { connections, keepAliveTimeout: 10_000 });
    this.authorization = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
    this.onAnswer = onAnswer;
  }

  /**
   * Sends until a final answer: `{ key, status, body, attempts }`, status 0 when it was given up.
   * Reads are sent the same way (a key on a GET is ignored by the service).
   */
  async send(method, path, body, key = randomUUID()) {
    const startedAt = Date.now();
    for (let attempts = 1; ; attempts++) {
      const sentAt = Date.now();
      const answer = await this.attempt(method, path, body, key);
      this.onAnswer({ sentAt, answeredAt: Date.now(), status: answer.status });
      if (!isOutcomeUnknown(answer)) return { key, status: answer.status, body: answer.body, attempts };
      if (Date.now() - startedAt > GIVE_UP_MS) return { key, status: 0, body: answer.error, attempts };
      await sleep(backoffMs(attempts, answer.retryAfterSeconds));
    }
  }

  /** Like send(), for set-up steps: anything but 2xx is an error. */
  async must(method, path, body) {
    const { status, body: answer } = await this.send(method, path, body);
    if (status < 200 || status >= 300) {
      throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(answer)}`);
    }
    return answer;
  }

  async attempt(method, path, body, key) {
    try {
      const response = await this.pool.request({
        method,
        path: `${API_PREFIX}${path}`,
        headers: {
          authorization: this.authorization,
          'idempotency-key': key,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        headersTimeout: ATTEMPT_TIMEOUT_MS,
        bodyTimeout: ATTEMPT_TIMEOUT_MS,
      });
      const text = await response.body.text();
      const retryAfter = Number(response.headers['retry-after']);
      return {
        status: response.statusCode,
        body: parseJson(text),
        hasRetryAfter: response.headers['retry-after'] !== undefined,
        retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined,
      };
    } catch (error) {
      return { status: 0, error: error.code ?? error.message };
    }
  }

  close() {
    return this.pool.close();
  }
}

/** @param {{ status: number, hasRetryAfter?: boolean }} answer */
function isOutcomeUnknown({ status, hasRetryAfter }) {
  return status === 0 || status >= 500 || status === 429 || (status === 409 && hasRetryAfter);
}

/** Doubling from 100 ms, capped; a Retry-After is followed up to the same cap to keep the suite short. */
function backoffMs(attempts, retryAfterSeconds) {
  const doubling = Math.min(MAX_BACKOFF_MS, 100 * 2 ** (attempts - 1));
  return retryAfterSeconds === undefined ? doubling : Math.min(MAX_BACKOFF_MS, retryAfterSeconds * 1000);
}

function parseJson(text) {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}
