import {
  BalanceEvent,
  BulkImportJobEvent,
  EventEnvelope,
  EventScope,
  InvitationEvent,
  KycEvent,
  toApiId,
  TransactionEvent,
} from '@payments/contracts';
import { currencyOf } from '@payments/money';
import { v5 as nameBasedUuid } from 'uuid';

export type WebhookType =
  | 'INCOMING_PAYMENT'
  | 'OUTGOING_PAYMENT'
  | 'KYC_STATUS'
  | 'BULK_UPLOAD'
  | 'INVITATION_CLAIMED'
  | 'ACCOUNT_STATUS'
  | 'TEST';

/** A webhook ready to enqueue: `body` is the exact text every attempt sends and signs. */
export interface NewDelivery extends EventScope {
  /** The uuid of the body's webhookId. */
  id: string;
  /** Deliveries of one aggregate go out in the order they were enqueued. */
  aggregateId: string;
  type: WebhookType;
  body: string;
  /**
   * A pending incoming payment's webhook, whose answer decides the payment: sent once, within the
   * approval timeout, and the answer reported back (approvals/).
   */
  approvalRequest?: boolean;
  /** The W3C trace context of the event that caused it, sent with every attempt (delivery-tracing). */
  traceparent?: string;
}

/** Namespace of the name-based webhook ids, so they can never equal the event ids they come from. */
const WEBHOOK_ID_NAMESPACE = '6f1c9f0e-4b7a-4d2e-9a35-c1d07e5b8a42';

/**
 * The webhook id of the one webhook an event causes: a version-5 (SHA-1, name-based) uuid of the
 * event id, so a redelivered event yields the same id and enqueues nothing new.
 */
export function webhookIdFor(eventId: string): string {
  return nameBasedUuid(eventId, WEBHOOK_ID_NAMESPACE);
}

/**
 * The INCOMING_PAYMENT or OUTGOING_PAYMENT webhook of a transaction's status change (docs/api.md#webhooks);
 * a change that awaits the platform's approval asks for the recipient information the sender wants.
 */
export function paymentWebhook(event: TransactionEvent, traceparent?: string): NewDelivery {
  const { transaction, approval } = event.payload;
  const id = webhookIdFor(event.eventId);
  const type = transaction.type === 'INCOMING' ? 'INCOMING_PAYMENT' : 'OUTGOING_PAYMENT';
  return {
    id,
    platformId: event.platformId,
    environment: event.environment,
    aggregateId: transaction.id,
    type,
    // The time of the status change, not of sending: retries carry the same body and signature input.
    body: JSON.stringify({
      webhookId: toApiId('Webhook', id),
      type,
      timestamp: event.occurredAt,
      transaction,
      ...(approval
        ? { requestedReceiverCustomerInfoFields: approval.requestedReceiverCustomerInfoFields }
        : {}),
    }),
    ...(approval ? { approvalRequest: true } : {}),
    ...(traceparent ? { traceparent } : {}),
  };
}

/** The KYC_STATUS webhook of a customer's verification result, in order with the customer's others. */
export function kycStatusWebhook(event: KycEvent): NewDelivery {
  const { customerId, platformCustomerId, kycStatus } = event.payload;
  return eventWebhook(event, 'KYC_STATUS', customerId, { customerId, platformCustomerId, kycStatus });
}

/** The BULK_UPLOAD webhook of an import job that completed or failed. */
export function bulkUploadWebhook(event: BulkImportJobEvent): NewDelivery {
  const { bulkCustomerImportJob } = event.payload;
  return eventWebhook(event, 'BULK_UPLOAD', bulkCustomerImportJob.jobId, { bulkCustomerImportJob });
}

/** The INVITATION_CLAIMED webhook: the invitation as GET /invitations/{invitationCode} shows it. */
export function invitationClaimedWebhook(event: InvitationEvent): NewDelivery {
  const { invitation } = event.payload;
  return eventWebhook(event, 'INVITATION_CLAIMED', invitation.code, { invitation });
}

/**
 * The ACCOUNT_STATUS webhook of an internal account's balance change, balances as the internal
 * account view shows them; in order with the account's others.
 */
export function accountStatusWebhook(event: BalanceEvent): NewDelivery {
  const { accountId, customerId, platformCustomerId, currency, oldBalance, newBalance } = event.payload;
  const currencyObject = currencyOf(currency);
  return eventWebhook(event, 'ACCOUNT_STATUS', accountId, {
    accountId,
    oldBalance: { amount: oldBalance, currency: currencyObject },
    newBalance: { amount: newBalance, currency: currencyObject },
    ...(customerId ? { customerId } : {}),
    ...(platformCustomerId ? { platformCustomerId } : {}),
  });
}

/** The one webhook of an event: its id derived from the event's, its timestamp the event's time. */
function eventWebhook(
  event: EventEnvelope,
  type: WebhookType,
  aggregateId: string,
  fields: object,
): NewDelivery {
  const id = webhookIdFor(event.eventId);
  return {
    id,
    platformId: event.platformId,
    environment: event.environment,
    aggregateId,
    type,
    body: JSON.stringify({ webhookId: toApiId('Webhook', id), type, timestamp: event.occurredAt, ...fields }),
  };
}

/** A TEST webhook; it is its own aggregate, so it never waits behind another webhook. */
export function testWebhook(scope: EventScope, id: string, timestamp: string): NewDelivery {
  const webhookId = toApiId('Webhook', id);
  return {
    id,
    platformId: scope.platformId,
    environment: scope.environment,
    aggregateId: webhookId,
    type: 'TEST',
    body: JSON.stringify({ webhookId, type: 'TEST', timestamp }),
  };
}
