import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { CALLER_HEADERS, Environment, toApiId, uuidOf } from '@payments/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../errors/api.exception';

/** The authenticated platform and environment a request acts for, as the gateway established them. */
export interface Caller {
  platformId: string;
  environment: Environment;
  /** The request id the gateway assigned; events this request causes carry it. */
  requestId?: string;
  /** A digest of the client's Idempotency-Key: it names the request's effect (see effect-id.ts). */
  idempotencyKey?: string;
}

export function callerFromHeaders(headers: FastifyRequest['headers']): Caller {
  const platformId = headers[CALLER_HEADERS.platformId];
  const environment = headers[CALLER_HEADERS.environment];
  if (typeof platformId !== 'string' || !Object.values(Environment).includes(environment as Environment)) {
    throw new ApiException('UNAUTHORIZED', 'Request did not come through the gateway');
  }
  const requestId = headers[CALLER_HEADERS.requestId];
  const idempotencyKey = headers[CALLER_HEADERS.idempotencyKey];
  return {
    platformId,
    environment: environment as Environment,
    ...(typeof requestId === 'string' ? { requestId } : {}),
    ...(typeof idempotencyKey === 'string' && idempotencyKey ? { idempotencyKey } : {}),
  };
}

/** Parameter decorator: `@CurrentCaller() caller: Caller`. */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller =>
  callerFromHeaders(context.switchToHttp().getRequest<FastifyRequest>().headers),
);

/** The rows a request may touch: one platform's data in one environment, with the platform's bare uuid. */
export interface PlatformScope {
  platformId: string;
  environment: Environment;
}

/**
 * A key naming one platform and environment, for what is kept per caller in memory (caches, group
 * commits); `parts` name things within it.
 */
export function scopeKey(
  scope: { platformId: string; environment: Environment },
  ...parts: string[]
): string {
  return [scope.platformId, scope.environment, ...parts].join('|');
}

export function scopeOf(caller: Caller): PlatformScope {
  const platformId = uuidOf('Platform', caller.platformId);
  if (!platformId) throw new ApiException('UNAUTHORIZED', 'Request did not come through the gateway');
  return { platformId, environment: caller.environment };
}

/** The caller acting for `scope`, as another app's caller headers name it: the inverse of scopeOf. */
export function callerOf(scope: PlatformScope): Caller {
  return { platformId: toApiId('Platform', scope.platformId), environment: scope.environment };
}
