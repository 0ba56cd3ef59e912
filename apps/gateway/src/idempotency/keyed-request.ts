import { ApiException } from '@payments/http';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';

const MAX_KEY_LENGTH = 255;

/** A POST that came with an Idempotency-Key. */
export interface KeyedRequest {
  key: string;
  /** What the owning app is told: it names the request's effect there (docs/architecture.md). */
  keyDigest: string;
  /** Method, URL and body: a key sent again with another request is told apart, and counted. */
  requestHash: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The request's Idempotency-Key and hashes; undefined without a key; 400 for a key out of bounds. */
export function keyedRequestOf(request: FastifyRequest): KeyedRequest | undefined {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return undefined;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw ApiException.invalidInput([
      { field: 'Idempotency-Key', message: `must be 1 to ${MAX_KEY_LENGTH} characters` },
    ]);
  }
  return {
    key,
    keyDigest: sha256(key),
    requestHash: sha256(`${request.method}\n${request.url}\n${JSON.stringify(request.body ?? null)}`),
  };
}
