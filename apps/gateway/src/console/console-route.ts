import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CONSOLE_PATH = '/console';

/**
 * The console is a client of the public API and nothing else: its own code only (no inline script
 * or style, no third-party origin), calls to this origin only, never framed (docs/security.md).
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONSOLE_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};
/** Bundles are named by their hash (scripts/lib/console-build.mjs): a name never changes content. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** The page names the bundles of this deploy, so it is asked for again each time. */
const PAGE_CACHE = 'no-store';
/** A file name; anything else under /console is one of the page's own routes. */
const ASSET_NAME = /\.[a-z0-9]+$/i;

type Admission = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Serves the console's static files from `root` at /console, and its page for every route of the
 * single-page app (/console/transactions/…), so a deep link opens. Without credentials and without
 * session state; each address's requests count against the public budget like other public paths.
 */
export async function registerConsole(
  fastify: FastifyInstance,
  root: string,
  admit: Admission,
): Promise<void> {
  const pagePath = join(root, 'index.html');
  if (!existsSync(pagePath)) {
    new Logger('Console').warn(`${pagePath} is missing: /console is not served (npm run build bundles it)`);
    return;
  }
  const page = readFileSync(pagePath, 'utf8');
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // A missing bundle (an old page asking after a deploy) is 404, never the page posing as a script.
    if (ASSET_NAME.test(request.url.split('?', 1)[0]))
      return reply.code(404).headers(SECURITY_HEADERS).send();
    return reply
      .headers(SECURITY_HEADERS)
      .header('cache-control', PAGE_CACHE)
      .type('text/html; charset=utf-8')
      .send(page);
  };
  // A scope of its own, so the admission hook covers the static files' routes and no other route.
  await fastify.register(async (scope) => {
    scope.addHook('preHandler', admit);
    await scope.register(fastifyStatic, {
      root,
      prefix: `${CONSOLE_PATH}/`,
      wildcard: false,
      index: false,
      decorateReply: false,
      cacheControl: false,
      // The build writes .br and .gz beside each bundle (scripts/lib/console-build.mjs).
      preCompressed: true,
      setHeaders: (reply: FastifyReply, path: string) =>
        reply
          .headers(SECURITY_HEADERS)
          .header('cache-control', path.endsWith('.html') ? PAGE_CACHE : HASHED_ASSET_CACHE),
    });
    scope.get(CONSOLE_PATH, (_request, reply) => reply.redirect(`${CONSOLE_PATH}/`));
    scope.get(`${CONSOLE_PATH}/`, sendPage);
    scope.get(`${CONSOLE_PATH}/*`, sendPage);
  });
}
