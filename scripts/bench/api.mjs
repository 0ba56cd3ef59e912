// A minimal client of the public API for the benchmarks: keep-alive connections, JSON in and out.
import { Pool } from 'undici';
import { API_PREFIX } from '../lib/api-version.mjs';

export class BenchApi {
  constructor(gatewayUrl, credentials, connections = 64) {
    this.pool = new Pool(gatewayUrl, { connections, keepAliveTimeout: 60_000 });
    this.authorization = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
  }

  async call(method, path, body, headers = {}) {
    const response = await this.pool.request({
      method,
      path: `${API_PREFIX}${path}`,
      headers: {
        authorization: this.authorization,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: text ? JSON.parse(text) : undefined };
  }

  /** Like call(), but a non-2xx answer is an error: set-up steps must succeed. */
  async must(method, path, body) {
    const response = await this.call(method, path, body);
    if (response.status >= 300)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body;
  }

  close() {
    return this.pool.close();
  }
}

export function percentile(sorted, fraction) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

export async function waitUntil(probe, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
