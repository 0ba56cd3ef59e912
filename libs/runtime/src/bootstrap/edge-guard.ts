import { assertSafeBody, assertSafeUrl } from '@payments/http';
import type { FastifyInstance } from 'fastify';

/**
 * Refuses what no route should have to think of, before any route runs: a URL that is too long or
 * does not decode to storable text, and a JSON body that holds unstorable text, nests too deep or
 * carries numbers JSON cannot hold exactly. Every app installs it, the gateway first, so that an
 * internal caller cannot store what the public API would refuse. Callback-style hooks: on the hot
 * path an async hook costs a promise per request.
 */
export function installEdgeGuard(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    try {
      assertSafeUrl(request.url);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    try {
      if (request.body !== undefined && isJson(request.headers['content-type'])) assertSafeBody(request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/([\w.+-]*\+)?json\b/i.test(contentType.trimStart());
}
