import { CALLER_ASSERTION_HEADER } from '@payments/contracts';
import {
  ApiException,
  ApiExceptionFilter,
  CallerAssertions,
  callerOfAssertion,
  recordVerifiedCaller,
} from '@payments/http';
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';

/** The only routes an app answers without an assertion: the kubelet's probes and Prometheus. */
const UNAUTHENTICATED_ROUTES = new Set(['/health', '/ready', '/metrics']);

export const internalAuthRefusals = new Counter({
  name: 'internal_auth_refusals_total',
  help: 'Requests refused because their caller assertion was missing, invalid or did not match the request',
  labelNames: ['reason'] as const,
});

/**
 * Refuses, with 401, every request to an internal app that does not carry a caller assertion made
 * for this app and this very request, or whose identity headers say otherwise (docs/architecture.md,
 * "Calls inside the cluster"); the identity a controller reads (CurrentCaller) is the verified one.
 * Health and metrics routes are matched by their route, so no path spelling reaches another route.
 */
export function installInternalAuth(fastify: FastifyInstance, assertions: CallerAssertions): void {
  const filter = new ApiExceptionFilter();
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' && UNAUTHENTICATED_ROUTES.has(request.routeOptions.url ?? '')) return done();
    const check = assertions.verify(request.headers[CALLER_ASSERTION_HEADER], {
      method: request.method,
      pathAndQuery: request.url,
    });
    const caller = 'claims' in check ? callerOfAssertion(request.headers, check.claims) : undefined;
    const refusal = 'refused' in check ? check.refused : caller === 'identity_mismatch' ? caller : undefined;
    if (refusal) {
      internalAuthRefusals.inc({ reason: refusal });
      return filter.send(
        reply,
        new ApiException('UNAUTHORIZED', 'Request did not come through the gateway'),
        String(request.id),
      );
    }
    if (caller && caller !== 'identity_mismatch') recordVerifiedCaller(request, caller);
    done();
  });
}
