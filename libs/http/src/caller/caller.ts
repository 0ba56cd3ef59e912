import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { Environment, toApiId, uuidOf } from '@payments/contracts';
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

const verifiedCallers = new WeakMap<object, Caller>();

/**
 * The caller a request acts for, as its verified `x-caller-assertion` names it (the internal auth
 * hook of createHttpApp records it); the raw identity headers are never believed on their own.
 */
export function verifiedCallerOf(request: FastifyRequest): Caller {
  const caller = verifiedCallers.get(request);
  if (!caller) throw new ApiException('UNAUTHORIZED', 'Request did not come through the gateway');
  return caller;
}

/** Records the identity a request's assertion proved, for verifiedCallerOf. */
export function recordVerifiedCaller(request: FastifyRequest, caller: Caller): void {
  verifiedCallers.set(request, caller);
}

/** Parameter decorator: `@CurrentCaller() caller: Caller`. */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller =>
  verifiedCallerOf(context.switchToHttp().getRequest<FastifyRequest>()),
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
