import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_PREFIX, ApiException } from '@payments/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiPath, authenticationHook } from '@gateway/auth/auth.guard';
import { TokenAuthenticator } from '@gateway/auth/token-authenticator';
import { IdempotencyStore } from '@gateway/idempotency/idempotency.store';
import { findRoute, isIdempotentPost } from '@gateway/routing/route-table';
import { UpstreamClient, UpstreamResponse } from '@gateway/routing/upstream-client';

const PROXIED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Forwards every public path the gateway does not serve itself to the app that owns it. A plain
 * Fastify route rather than a Nest controller: this is the hot path of every call, and Nest's
 * per-request pipeline cost more than the forwarding itself. The gateway's own routes (tokens) are
 * static and win over this wildcard.
 */
export function registerProxyRoute(app: NestFastifyApplication): void {
  const upstreams = app.get(UpstreamClient);
  const idempotency = app.get(IdempotencyStore);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('preHandler', authenticationHook(app.get(TokenAuthenticator)));
  fastify.route({
    method: [...PROXIED_METHODS],
    url: `${API_PREFIX}/*`,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = apiPath(request.url);
      const route = findRoute(path);
      if (!route) throw new ApiException('NOT_FOUND', 'Route not found');
      const call = () =>
        upstreams.call(route.upstream, {
          method: request.method,
          pathAndQuery: request.url.slice(API_PREFIX.length),
          body: request.body,
          principal: request.principal!,
          requestId: String(request.id),
        });
      const idempotencyKey = request.headers['idempotency-key'];
      let response: UpstreamResponse;
      if (typeof idempotencyKey === 'string' && isIdempotentPost(request.method, path)) {
        const outcome = await idempotency.run(request.principal!, idempotencyKey, call);
        if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
        response = outcome;
      } else {
        response = await call();
      }
      return reply.status(response.status).header('content-type', response.contentType).send(response.body);
    },
  });
}
