import { ApiClient } from './api-client';
import { BootstrapTarget, newPlatformClients, PlatformClients } from './stack';
import { WebhookReceiver } from './webhook-receiver';

export interface PlatformWithEndpoint extends PlatformClients {
  receiver: WebhookReceiver;
  /** webhookPublicKey of GET /config: what a platform verifies X-Grid-Signature with. */
  publicKeyPem: string;
}

/** A new platform whose sandbox webhookEndpoint is a fresh receiver, once the dispatcher has tested it. */
export async function platformWithEndpoint(
  api: ApiClient,
  stack?: BootstrapTarget,
): Promise<PlatformWithEndpoint> {
  const clients = newPlatformClients(api, stack);
  const receiver = new WebhookReceiver();
  await receiver.start();
  const updated = await clients.sandbox.patch('/config', { webhookEndpoint: receiver.url });
  if (updated.status !== 200)
    throw new Error(`PATCH /config answered ${updated.status}: ${JSON.stringify(updated.body)}`);
  await receiver.waitFor((body) => body?.type === 'TEST');
  return { ...clients, receiver, publicKeyPem: updated.body.webhookPublicKey };
}
