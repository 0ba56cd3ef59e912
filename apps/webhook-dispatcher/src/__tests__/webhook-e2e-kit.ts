import { ApiClient, e2eStack, newPlatformClients, PlatformClients, WebhookReceiver } from '@payments/testing';
import { Pool } from 'pg';

export interface PlatformWithEndpoint extends PlatformClients {
  receiver: WebhookReceiver;
  /** webhookPublicKey of GET /config: what a platform verifies X-Grid-Signature with. */
  publicKeyPem: string;
}

/** A new platform whose sandbox webhookEndpoint is a fresh receiver, once the dispatcher has tested it. */
export async function platformWithEndpoint(api: ApiClient): Promise<PlatformWithEndpoint> {
  const clients = newPlatformClients(api);
  const receiver = new WebhookReceiver();
  await receiver.start();
  const updated = await clients.sandbox.patch('/config', { webhookEndpoint: receiver.url });
  if (updated.status !== 200) throw new Error(`PATCH /config answered ${updated.status}: ${JSON.stringify(updated.body)}`);
  await receiver.waitFor((body) => body?.type === 'TEST');
  return { ...clients, receiver, publicKeyPem: updated.body.webhookPublicKey };
}

/** The dispatcher's tables in the e2e database, for asserting what it recorded. */
export function webhooksDatabase(): Pool {
  return new Pool({ connectionString: e2eStack().databaseUrl, max: 2, options: '-c search_path=webhooks' });
}
