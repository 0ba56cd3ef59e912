import { ApiException } from '@payments/http';
import type { FastifyInstance } from 'fastify';

/** `scheme://authority` at the start of an absolute-form target (RFC 9112, section 3.2.2). */
const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/([^/?#]*)/i;
/** What the fast path lets through untouched: a path with nothing encoded, no dot segment, no backslash. */
const NEEDS_JUDGING = /[%\\]|\/\/|\/\.{1,2}(\/|$)/;

/**
 * The request target in origin form (`/path?query`), and the authority an absolute-form target
 * named. Refuses with 400 what two parts of the stack could read as different paths: dot segments,
 * spelled out or percent-encoded, encoded or literal (back)slashes inside a segment, empty segments,
 * and any other form (`*`, `host:port`).
 */
export function originForm(target: string): { target: string; authority?: string } {
  const absolute = ABSOLUTE_FORM.exec(target);
  let rest = absolute ? target.slice(absolute[0].length) : target;
  if (absolute && (rest === '' || rest.startsWith('?'))) rest = `/${rest}`;
  if (!rest.startsWith('/')) throw refused('must be a path or an absolute URL');
  const queryStart = rest.indexOf('?');
  const path = queryStart === -1 ? rest : rest.slice(0, queryStart);
  if (NEEDS_JUDGING.test(path)) {
    if (/\\|%2f|%5c/i.test(path)) throw refused('may not hold a backslash or an encoded slash');
    if (path.includes('//')) throw refused('may not hold an empty path segment');
    const dotSegment = path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
    if (dotSegment) throw refused('may not hold "." or ".." segments, plain or encoded');
  }
  return absolute ? { target: rest, authority: absolute[1] } : { target: rest };
}

function refused(why: string): ApiException {
  return new ApiException('INVALID_INPUT', `The request target ${why}`);
}

/**
 * Brings every request target to origin form before anything reads it. Node hands an absolute-form
 * target (`GET http://host/2025-10-13/customers`) through as written and the router matches it on
 * its path, while the authentication hook and the public-path checks read `request.url`: without
 * this they would disagree on what was asked, and the API would be served without credentials. The
 * authority of an absolute-form target is the request's host, as RFC 9112 says.
 */
export function registerRequestTargetGuard(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    const url = raw.url ?? '';
    if (url.startsWith('/') && !NEEDS_JUDGING.test(url.split('?', 1)[0])) {
      done();
      return;
    }
    try {
      const { target, authority } = originForm(url);
      raw.url = target;
      if (authority !== undefined) raw.headers.host = authority;
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
