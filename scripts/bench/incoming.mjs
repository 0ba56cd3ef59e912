// Incoming sandbox payments (issue 19) for the money-path bench: a sandbox UMA sender pays a customer,
// the receiver approves each pending INCOMING_PAYMENT webhook in its 200 answer, and the payment ends
// with the COMPLETED INCOMING_PAYMENT webhook.
import { randomUUID } from 'node:crypto';

const AMOUNT = 100;
/** What the sandbox sender asks about a USD recipient (docs/architecture.md "Incoming payments"). */
const RECEIVER_INFO = { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1990-12-10' };

export const INCOMING_SCENARIO = {
  title: 'incoming sandbox payment (POST /sandbox/uma/receive, approved in the webhook answer)',
  calls: 1,
  /** Only a customer: the money comes from outside. */
  needsAccounts: false,
  async pay(api, { customerId }) {
    const response = await api.call(
      'POST',
      '/sandbox/uma/receive',
      {
        senderUmaAddress: '$bench@sandbox.grid.uma.money',
        receivingCurrencyCode: 'USD',
        receivingCurrencyAmount: AMOUNT,
        customerId,
      },
      { 'idempotency-key': randomUUID() },
    );
    return response.status === 200 ? { transactionId: response.body.id } : { refused: response.status };
  },
};

/** The receiver's answer to a webhook: a pending incoming payment is approved with the recipient's details. */
export function answerTo(webhook) {
  return webhook.requestedReceiverCustomerInfoFields ? { receiverCustomerInfo: RECEIVER_INFO } : undefined;
}

/** Incoming payments' target: 250 a second, p99 from request to the COMPLETED webhook under 1.5 s, none lost or duplicated. */
export function incomingVerdict(incoming) {
  const meets =
    incoming.completedPerSecond >= 250 &&
    incoming.webhookP99Ms < 1500 &&
    incoming.lost === 0 &&
    incoming.duplicateWebhooks === 0;
  return `${meets ? 'meets' : 'MISSES'} ≥250/s, p99 < 1.5 s, none lost or duplicated`;
}
