import { randomUUID } from 'node:crypto';
import { ApiClient } from './api-client';
import { PlatformWithEndpoint } from './platform-with-endpoint';
import { ReceivedWebhook, WebhookAnswer } from './webhook-receiver';

/** Incoming payments from the sandbox's UMA sender, driven through the gateway by e2e specs. */
export const SANDBOX_SENDER = '$sam@sandbox.grid.uma.money';
/** What the sandbox sender asks about a USD recipient: the provider's counterparty fields for USD. */
export const REQUESTED_USD_FIELDS = [
  { name: 'FULL_NAME', mandatory: true },
  { name: 'BIRTH_DATE', mandatory: true },
];
export const RECEIVER_INFO = { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1985-12-10' };

/** The pending INCOMING_PAYMENT webhook of a transaction: the approval request. */
export const isApprovalRequest = (body: any) =>
  body?.type === 'INCOMING_PAYMENT' &&
  body.transaction?.status === 'PENDING' &&
  body.requestedReceiverCustomerInfoFields;

/** Answers approval requests as `answer` says and every other webhook 200. */
export function answerApprovals(
  platform: PlatformWithEndpoint,
  answer: (request: ReceivedWebhook) => WebhookAnswer,
): void {
  platform.receiver.respondWith((request) =>
    isApprovalRequest(request.body) ? answer(request) : { status: 200 },
  );
}

export async function receive(
  client: ApiClient,
  customerId: string,
  amount = 2_500,
  key = randomUUID(),
  headers: Record<string, string> = {},
) {
  return client.post(
    '/sandbox/uma/receive',
    {
      senderUmaAddress: SANDBOX_SENDER,
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: amount,
      customerId,
    },
    { headers: { ...headers, 'idempotency-key': key } },
  );
}

/** The webhooks of one transaction the platform received, in order: [status, body]. */
export function webhooksOf(platform: PlatformWithEndpoint, transactionId: string): any[] {
  return platform.receiver
    .received((body) => body?.transaction?.id === transactionId)
    .map((request) => request.body);
}

/** Waits for the webhook of the transaction's final status and answers the transaction then. */
export async function finalTransaction(
  platform: PlatformWithEndpoint,
  transactionId: string,
  timeoutMs = 20_000,
) {
  await platform.receiver.waitFor(
    (body) =>
      body?.transaction?.id === transactionId &&
      ['COMPLETED', 'FAILED', 'REJECTED'].includes(body.transaction.status),
    timeoutMs,
  );
  return (await platform.sandbox.get(`/transactions/${transactionId}`)).body;
}

export async function waitForApprovalRequest(
  platform: PlatformWithEndpoint,
  transactionId: string,
): Promise<ReceivedWebhook> {
  return platform.receiver.waitFor(
    (body) => isApprovalRequest(body) && body.transaction.id === transactionId,
  );
}
