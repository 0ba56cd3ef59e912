import { API_PREFIX } from '@payments/http';
import { redactUrl } from '@payments/runtime';
import { randomUUID } from 'node:crypto';
import { Principal } from '@gateway/auth/principal';

/** Reads change nothing; everything else a platform's credentials ask for is audited. */
const UNAUDITED_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A resource id as the API writes them: `<Type>:<uuid>` (libs/contracts ids.ts). */
const RESOURCE_ID = /^[A-Za-z]+:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An audit entry as it is written before the request runs. */
export interface AuditOpening {
  id: string;
  platformId: string;
  environment: string;
  tokenId: string;
  tokenName: string;
  requestId: string;
  method: string;
  route: string;
  resourceId: string | null;
}

export function isAudited(method: string): boolean {
  return !UNAUDITED_METHODS.has(method.toUpperCase());
}

/** The entry of a request under the version prefix, made with `principal`'s credentials. */
export function auditOpeningOf(
  request: { method: string; url: string; id: unknown },
  principal: Principal,
): AuditOpening {
  const route = redactUrl(request.url.slice(API_PREFIX.length));
  return {
    id: randomUUID(),
    platformId: principal.platformId,
    environment: principal.environment,
    tokenId: `Token:${principal.tokenId}`,
    tokenName: principal.tokenName,
    requestId: String(request.id),
    method: request.method.toUpperCase(),
    route,
    resourceId: resourceIdInPath(route),
  };
}

/** The last resource id among the path's segments: the resource acted on (or under). */
export function resourceIdInPath(route: string): string | null {
  const queryStart = route.indexOf('?');
  const segments = (queryStart === -1 ? route : route.slice(0, queryStart)).split('/').map(safeDecode);
  return segments.reverse().find((segment) => RESOURCE_ID.test(segment)) ?? null;
}

/** A create names its resource only in its answer: the `id` of a 2xx JSON body. */
export function createdResourceId(status: number, payload: unknown): string | null {
  if (status < 200 || status >= 300 || typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const id = (JSON.parse(payload) as { id?: unknown }).id;
    return typeof id === 'string' && RESOURCE_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
