import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { CALLER_ASSERTION_HEADER } from '@payments/contracts';
import { ApiException, CallerAssertions, PlatformScope } from '@payments/http';
import { BoundedCache } from '@payments/runtime';
import { CustomersEnvironment } from '@customers/customers.environment';

const REQUEST_TIMEOUT_MS = 3_000;
const SIGNING_KEYS_PATH = '/internal/signing-keys';
/** Scopes whose keys a replica keeps in memory; one evicted is fetched again. */
const MAX_CACHED_SCOPES = 10_000;
/** A rotation (made through the dispatcher) shows in GET /config within this long. */
const KEYS_TTL_MS = 10_000;

/** A platform's webhook public keys in one environment, as GET /config shows them (docs/api.md#webhook-signatures). */
export interface WebhookKeys {
  webhookPublicKey: string;
  /** During a rotation's overlap only. */
  webhookNextPublicKey?: string;
  webhookKeyOverlapEndsAt?: string;
}

/**
 * The public halves of each platform's webhook signing keys per environment, from the webhook
 * dispatcher (which makes them at first need); kept briefly in memory, a failed fetch not remembered.
 */
@Injectable()
export class WebhookSigningKeyClient {
  private readonly logger = new Logger(WebhookSigningKeyClient.name);
  private readonly dispatcherUrl: string;
  private readonly cache = new BoundedCache<WebhookKeys>(MAX_CACHED_SCOPES, { ttlMs: KEYS_TTL_MS });

  constructor(
    config: ConfigService<CustomersEnvironment, true>,
    private readonly assertions: CallerAssertions,
  ) {
    this.dispatcherUrl = config.get('WEBHOOK_DISPATCHER_URL', { infer: true }).replace(/\/+$/, '');
  }

  keysOf(scope: PlatformScope): Promise<WebhookKeys> {
    return this.cache.get(`${scope.platformId}:${scope.environment}`, () => this.fetchKeys(scope));
  }

  private async fetchKeys(scope: PlatformScope): Promise<WebhookKeys> {
    const pathAndQuery = `${SIGNING_KEYS_PATH}/${encodeURIComponent(scope.platformId)}/${scope.environment}`;
    const url = `${this.dispatcherUrl}${pathAndQuery}`;
    try {
      // The dispatcher answers only calls the call map allows, vouched for by an assertion.
      const assertion = this.assertions.sign('webhook-dispatcher', { method: 'GET', pathAndQuery });
      const response = await fetch(url, {
        headers: { [CALLER_ASSERTION_HEADER]: assertion },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      return keysFrom((await response.json()) as Record<string, unknown>);
    } catch (error) {
      this.logger.warn({ err: error, url }, 'webhook signing keys unavailable');
      throw new ApiException(
        'SERVICE_UNAVAILABLE',
        'The webhook signing key is unavailable; try again shortly',
      );
    }
  }
}

/** Only the fields GET /config shows, each checked: the answer crosses a process boundary. */
function keysFrom(answer: Record<string, unknown>): WebhookKeys {
  const { webhookPublicKey, webhookNextPublicKey, webhookKeyOverlapEndsAt } = answer;
  if (!isPem(webhookPublicKey)) throw new Error('answered without a PEM public key');
  if (webhookNextPublicKey !== undefined && !isPem(webhookNextPublicKey))
    throw new Error('answered a next key that is not a PEM public key');
  if (webhookKeyOverlapEndsAt !== undefined && typeof webhookKeyOverlapEndsAt !== 'string')
    throw new Error('answered an overlap end that is not a time');
  return {
    webhookPublicKey,
    ...(webhookNextPublicKey ? { webhookNextPublicKey } : {}),
    ...(webhookKeyOverlapEndsAt ? { webhookKeyOverlapEndsAt } : {}),
  };
}

function isPem(value: unknown): value is string {
  return typeof value === 'string' && value.includes('PUBLIC KEY');
}
