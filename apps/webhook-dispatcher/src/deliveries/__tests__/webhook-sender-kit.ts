import { ConfigService } from '@nestjs/config';
import { generateKeyPairSync } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WebhookSender } from '@webhooks/deliveries/webhook.sender';
import { WebhookSigner } from '@webhooks/signing/webhook-signer';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

/** A WebhookSender signing with a fresh key, over `environment` (the defaults otherwise), and that key's public half. */
export async function senderWith(
  environment: Partial<WebhookDispatcherEnvironment>,
): Promise<{ sender: WebhookSender; publicKeyPem: string }> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const config = new ConfigService<WebhookDispatcherEnvironment, true>({
    ...new WebhookDispatcherEnvironment(),
    WEBHOOK_SIGNING_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ...environment,
  });
  const signer = new WebhookSigner(undefined as unknown as DataSource, config);
  await signer.onModuleInit();
  return {
    sender: new WebhookSender(signer, config),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
