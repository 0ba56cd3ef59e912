import { CALLER_ASSERTION_HEADER, CALLER_HEADERS, Environment } from '@payments/contracts';
import { CallerAssertions, InternalApp } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { ApiClient } from './api-client';
import { e2eStack } from './stack';

/** The platform and environment a direct call acts for; none for the public pages. */
export interface CallerIdentity {
  platformId: string;
  environment: Environment | `${Environment}`;
}

/**
 * Calls an app directly as `issuer` would (the gateway, or an app the call map lets call it): every
 * request carries the identity headers and a caller assertion signed with the stack's secret.
 */
export class InternalCaller {
  private readonly assertions: CallerAssertions;

  constructor(secret: string, issuer: InternalApp = 'gateway') {
    this.assertions = new CallerAssertions(issuer, secret);
  }

  /** A caller with the e2e stack's secret (test/e2e/global-setup.mjs). */
  static ofStack(issuer: InternalApp = 'gateway'): InternalCaller {
    return new InternalCaller(e2eStack().environment.INTERNAL_AUTH_SECRET, issuer);
  }

  /** The headers of one request to `audience`: the identity, a request id, and the assertion binding them. */
  headers(
    audience: InternalApp,
    method: string,
    pathAndQuery: string,
    identity?: CallerIdentity,
  ): Record<string, string> {
    const requestId = randomUUID();
    const environment = identity?.environment as Environment | undefined;
    return {
      ...(identity
        ? {
            [CALLER_HEADERS.platformId]: identity.platformId,
            [CALLER_HEADERS.environment]: identity.environment,
          }
        : {}),
      [CALLER_HEADERS.requestId]: requestId,
      [CALLER_ASSERTION_HEADER]: this.assertions.sign(audience, {
        method,
        pathAndQuery,
        platformId: identity?.platformId,
        environment,
        requestId,
      }),
    };
  }

  /** A client of the app at `url` whose every request is signed for `audience` on behalf of `identity`. */
  client(audience: InternalApp, url: string, identity?: CallerIdentity): ApiClient {
    return new ApiClient(url, undefined, (method, path) => this.headers(audience, method, path, identity));
  }
}
