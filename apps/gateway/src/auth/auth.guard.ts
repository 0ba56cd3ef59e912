import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Environment, Permission } from '@payments/contracts';
import { API_PREFIX, ApiException } from '@payments/http';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AuditTrail } from '@gateway/audit/audit-trail';
import { Principal } from '@gateway/auth/principal';
import { missingCredentials, TokenAuthenticator } from '@gateway/auth/token-authenticator';
import { RequestLimits } from '@gateway/rate-limit/request-limits';
import { findRoute, isSandboxOnly, requiredPermission } from '@gateway/routing/route-table';

const REQUIRED_PERMISSION = 'requiredPermission';

/** Declares the permission a gateway-owned endpoint needs; proxied routes take theirs from the route table. */
export const RequiresPermission = (permission: Permission) => SetMetadata(REQUIRED_PERMISSION, permission);

/**
 * Everything under the version prefix is authenticated, counted against its rate limits and
 * environment-checked in a Fastify hook, before any handler, so that the proxied routes never enter Nest's pipeline; a proxied route's
 * permission comes from the route table.
 */
export function authenticationHook(
  authenticator: TokenAuthenticator,
  limits: RequestLimits,
  audit: AuditTrail,
): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    // A refusal for a busy replica (503) carries Retry-After from the error filter.
    const principal = await authenticator.authenticate(
      request.headers.authorization,
      limits.authenticationBudget(request, reply),
    );
    request.principal = principal;
    await limits.admitToken(request, reply);
    // After admission, so a flood refused with 429 writes nothing; before the checks, so a refusal is recorded.
    await audit.open(request);
    const path = apiPath(request.url);
    if (isSandboxOnly(path) && principal.environment !== Environment.Sandbox) {
      throw new ApiException(
        'FORBIDDEN',
        'Sandbox endpoints need sandbox credentials: call them with the sandbox client id and secret',
      );
    }
    const route = findRoute(path);
    if (route) assertPermission(principal, requiredPermission(request.method, route));
  };
}

/** The permission check of the gateway's own Nest endpoints (tokens), from @RequiresPermission. */
@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const permission = this.reflector.get<Permission | undefined>(REQUIRED_PERMISSION, context.getHandler());
    const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
    if (permission) {
      if (!principal) throw missingCredentials();
      assertPermission(principal, permission);
    }
    return true;
  }
}

function assertPermission(principal: Principal, permission: Permission): void {
  if (!principal.permissions.includes(permission)) {
    throw new ApiException(
      'FORBIDDEN',
      `This token lacks the ${permission} permission: use a token that holds it, or ask an admin to create one (POST /tokens)`,
    );
  }
}

/** The path below the version prefix, without the query string. */
export function apiPath(url: string): string {
  const path = url.slice(API_PREFIX.length);
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}
