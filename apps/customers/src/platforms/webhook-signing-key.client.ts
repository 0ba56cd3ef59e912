import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { CALLER_ASSERTION_HEADER } from '@payments/contracts';
import { ApiException, CallerAssertions } from '@payments/http';
import { CustomersEnvironment } from '@customers/customers.environment';

const REQUEST_TIMEOUT_MS = 3_000;
const SIGNING_KEY_PATH = '/internal/signing-key';

/**
 * The public key of the webhook dispatcher's signing key pair. The pair is created once and kept, so the
 * key is fetched on first use and then served from memory; a failed fetch is not remembered.
 */
@Injectable()
export class WebhookSigningKeyClient {
  private readonly logger = new Logger(WebhookSigningKeyClient.name);
  private readonly url: string;
  private publicKey?: Promise<string>;

  constructor(
    config: ConfigService<CustomersEnvironment, true>,
    private readonly assertions: CallerAssertions,
  ) {
    this.url = `${config.get('WEBHOOK_DISPATCHER_URL', { infer: true }).replace(/\/+$/, '')}${SIGNING_KEY_PATH}`;
  }

  publicKeyPem(): Promise<string> {
    this.publicKey ??= this.fetchPublicKey().catch((error: unknown) => {
      this.publicKey = undefined;
      throw error;
    });
    return this.publicKey;
  }

  private async fetchPublicKey(): Promise<string> {
    try {
      // The dispatcher answers only calls the call map allows, vouched for by an assertion.
      const assertion = this.assertions.sign('webhook-dispatcher', {
        method: 'GET',
        pathAndQuery: SIGNING_KEY_PATH,
      });
      const response = await fetch(this.url, {
        headers: { [CALLER_ASSERTION_HEADER]: assertion },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      const { publicKeyPem } = (await response.json()) as { publicKeyPem?: unknown };
      if (typeof publicKeyPem !== 'string' || !publicKeyPem.includes('PUBLIC KEY'))
        throw new Error('answered without a PEM public key');
      return publicKeyPem;
    } catch (error) {
      this.logger.warn({ err: error, url: this.url }, 'webhook signing key unavailable');
      throw new ApiException(
        'SERVICE_UNAVAILABLE',
        'The webhook signing key is unavailable; try again shortly',
      );
    }
  }
}
