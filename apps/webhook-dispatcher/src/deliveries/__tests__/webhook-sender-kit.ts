import { ConfigService } from '@nestjs/config';
import { generateKeyPairSync, sign } from 'node:crypto';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { SignedAttempt } from '@webhooks/signing/webhook-signer';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

/**
 * A WebhookSender over `environment` (the defaults otherwise), and `signed`, which makes an attempt
 * of a body signed with a fresh key as WebhookSigner signs, whose public half is `publicKeyPem`.
 */
export function senderWith(environment: Partial<WebhookDispatcherEnvironment>): {
  sender: WebhookSender;
  publicKeyPem: string;
  signed: (body: string) => SignedAttempt;
} {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const config = new ConfigService<WebhookDispatcherEnvironment, true>({
    ...new WebhookDispatcherEnvironment(),
    ...environment,
  });
  return {
    sender: new WebhookSender(config),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    signed: (body) => ({
      body,
      headers: {
        'x-grid-signature': sign('sha256', Buffer.from(body), {
          key: privateKey,
          dsaEncoding: 'der',
        }).toString('base64'),
      },
    }),
  };
}
