import { Injectable, Logger } from '@nestjs/common';
import { EventScope } from '@payments/contracts';
import { AttemptResult } from '@webhooks/deliveries/delivery-policy';
import { inDeliverySpan } from '@webhooks/deliveries/delivery-tracing';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { WebhookSigner } from '@webhooks/signing/webhook-signer';

/** What an attempt needs of a delivery: whose webhook it is, and its stored body. */
export interface SignableDelivery extends EventScope {
  body: string;
  /** The trace the attempt continues (delivery-tracing); none for a webhook no traced event caused. */
  traceparent?: string | null;
}

/**
 * One delivery attempt: signed at the moment it goes (WebhookSigner), then sent (WebhookSender).
 * When the platform's key cannot be read (the database is away) the attempt fails like an
 * unreachable endpoint and is retried on the delivery's schedule, since nothing unsigned goes out.
 */
@Injectable()
export class SignedWebhookSender {
  private readonly logger = new Logger(SignedWebhookSender.name);

  constructor(
    private readonly signer: WebhookSigner,
    private readonly sender: WebhookSender,
  ) {}

  send(url: string, delivery: SignableDelivery, timeoutMs?: number): Promise<AttemptResult> {
    return inDeliverySpan(delivery.traceparent, (traceHeaders) =>
      this.signAndSend(url, delivery, traceHeaders, timeoutMs),
    );
  }

  private async signAndSend(
    url: string,
    delivery: SignableDelivery,
    traceHeaders: Record<string, string>,
    timeoutMs?: number,
  ): Promise<AttemptResult> {
    const startedAt = new Date();
    try {
      const signed = await this.signer.signAttempt(delivery, delivery.body, startedAt);
      return await this.sender.send(
        url,
        { ...signed, headers: { ...traceHeaders, ...signed.headers } },
        timeoutMs,
      );
    } catch (error) {
      this.logger.error({ err: error, platformId: delivery.platformId }, 'could not sign a webhook attempt');
      const durationMs = Date.now() - startedAt.getTime();
      return { url, startedAt, durationMs, error: 'the webhook could not be signed; it is retried' };
    }
  }
}
