import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_PREFIX, ApiException } from '@payments/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { AuditTrail } from '@gateway/audit/audit-trail';
import { apiPath, authenticationHook } from '@gateway/auth/auth.guard';
import { missingCredentials, TokenAuthenticator } from '@gateway/auth/token-authenticator';
import { IdempotencyStore } from '@gateway/idempotency/idempotency.store';
import { keyedRequestOf } from '@gateway/idempotency/keyed-request';
import { RequestLimits } from '@gateway/rate-limit/request-limits';
import { AllowedMethods } from '@gateway/routing/allowed-methods';
import { bodyTypeRefusal, MULTIPART } from '@gateway/routing/body-type';
import { findRoute, isIdempotentPost } from '@gateway/routing/route-table';
import { UpstreamClient, UpstreamResponse } from '@gateway/routing/upstream-client';

const PROXIED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Forwards every public path the gateway does not serve itself to the app that owns it. A plain
 * Fastify route rather than a Nest controller: this is the hot path of every call, and Nest's
 * per-request pipeline cost more than the forwarding itself. The gateway's own routes (tokens) are
 * static and win over this wildcard.
 *
 * JSON bodies are parsed here (and so bounded by the JSON body limit); multipart bodies, the bulk CSV
 * uploads, are not parsed at all but streamed to the app as they arrive, so an upload of any size
 * passes through in bounded memory and the app enforces its own limits.
 */
export function registerProxyRoute(app: NestFastifyApplication, allowedMethods: AllowedMethods): void {
  const upstreams = app.get(UpstreamClient);
  const idempotency = app.get(IdempotencyStore);
  const fastify = app.getHttpAdapter().getInstance();
  // Leaves the body unread in request.raw for the handler to stream.
  fastify.addContentTypeParser(MULTIPART, (_request, _payload, done) => done(null, undefined));
  // Every API route, the gateway's own (tokens) included; the KYC page and the UMA endpoints are not.
  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    const refusal = request.url.startsWith(`${API_PREFIX}/`)
      ? bodyTypeRefusal(request.method, apiPath(request.url), request.headers)
      : undefined;
    done(refusal ?? null, payload);
  });
  const audit = app.get(AuditTrail);
  fastify.addHook(
    'preHandler',
    authenticationHook(app.get(TokenAuthenticator), app.get(RequestLimits), audit),
  );
  audit.register(fastify);
  fastify.route({
    method: [...PROXIED_METHODS],
    url: `${API_PREFIX}/*`,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = apiPath(request.url);
      const route = findRoute(path);
      const notFound = () => {
        const refusal = allowedMethods.refusal(request.method, path);
        if (refusal) void reply.header('allow', (refusal.details!.allow as string[]).join(', '));
        return refusal ?? ApiException.routeNotFound();
      };
      if (!route) throw notFound();
      // Fails closed should a target ever reach this route without passing the authentication hook.
      if (!request.principal) throw missingCredentials();
      const keyed = isIdempotentPost(request.method, path) ? keyedRequestOf(request) : undefined;
      const call = () =>
        upstreams.call(route.upstream, {
          method: request.method,
          pathAndQuery: request.url.slice(API_PREFIX.length),
          body: bodyOf(request),
          principal: request.principal!,
          requestId: String(request.id),
          ...(keyed ? { idempotencyKey: keyed.keyDigest } : {}),
        });
      let response: UpstreamResponse;
      if (keyed) {
        const outcome = await idempotency.run(request.principal!, keyed, call);
        if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
        response = outcome;
      } else {
        response = await call();
      }
      // The app has no such route; the API may still have the path, with another method.
      if (response.routeMissing) throw notFound();
      return send(reply, response);
    },
  });
  const limits = app.get(RequestLimits);
  const publicBudget = (request: FastifyRequest, reply: FastifyReply) => limits.admitPublic(request, reply);
  registerKycPages(fastify, upstreams, publicBudget);
  registerUmaEndpoints(fastify, upstreams, publicBudget);
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The hosted KYC pages, outside the versioned API and without credentials: the end customer opens
 * the link a platform got from GET /customers/kyc-link. The token in the path is the only key; the
 * customers app answers with the page (or a redirect) and its security headers.
 */
function registerKycPages(fastify: FastifyInstance, upstreams: UpstreamClient, preHandler: PreHandler): void {
  fastify.route({
    method: ['GET', 'POST'],
    url: '/kyc/:token',
    preHandler,
    handler: forwardToCustomers(upstreams, { passHost: false }),
  });
}

/**
 * The UMA protocol's public endpoints, without credentials: the well-known paths a UMA peer looks a
 * receiver and its keys up at, and the pay request callback. The Host names the platform (its
 * umaDomain), so it travels on to the customers app, which speaks the protocol (docs/architecture.md).
 */
function registerUmaEndpoints(
  fastify: FastifyInstance,
  upstreams: UpstreamClient,
  preHandler: PreHandler,
): void {
  const forward = forwardToCustomers(upstreams, { passHost: true });
  fastify.get('/.well-known/lnurlp/:user', { preHandler }, forward);
  fastify.get('/.well-known/lnurlpubkey', { preHandler }, forward);
  fastify.get('/.well-known/uma-configuration', { preHandler }, forward);
  fastify.post('/uma/payreq/:user', { preHandler }, forward);
}

/** A handler that passes a request without credentials, path as it came, on to the customers app. */
function forwardToCustomers(upstreams: UpstreamClient, { passHost }: { passHost: boolean }) {
  return async (request: FastifyRequest, reply: FastifyReply) =>
    send(
      reply,
      await upstreams.call('customers', {
        method: request.method,
        pathAndQuery: request.url,
        body: request.body,
        requestId: String(request.id),
        forwardedHost: passHost ? (request.headers.host ?? '') : undefined,
      }),
    );
}

function bodyOf(request: FastifyRequest): unknown {
  const contentType = request.headers['content-type'];
  if (!contentType?.toLowerCase().startsWith(MULTIPART)) return request.body;
  const contentLength = request.headers['content-length'];
  return { stream: forwardedUpload(request.raw), contentType, ...(contentLength ? { contentLength } : {}) };
}

/**
 * The upload as the upstream call reads it. An app may answer before it has all of it (a 413 once
 * the limit is passed), and the HTTP client then discards the stream it was given; the client's
 * request must not go with it, or its unread rest would stall the client's keep-alive connection
 * and the next request on it. So the upstream gets a stream of its own, and once that is gone the
 * rest of the upload is read and dropped, as the app does on its side.
 */
function forwardedUpload(raw: IncomingMessage): Readable {
  const forwarded = new PassThrough();
  forwarded.once('close', () => {
    if (raw.complete) return;
    raw.unpipe(forwarded);
    raw.resume();
  });
  return raw.pipe(forwarded);
}

function send(reply: FastifyReply, response: UpstreamResponse): FastifyReply {
  return reply
    .status(response.status)
    .headers(response.headers ?? {})
    .header('content-type', response.contentType)
    .send(response.stream ?? response.body);
}
