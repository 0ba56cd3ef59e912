import {
  BalanceEvent,
  BulkImportJobEvent,
  EventEnvelope,
  EventScope,
  InvitationEvent,
  KycEvent,
  toApiId,
  TransactionEvent,
  WebhookFormat,
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
  /** The uuid of the body's webhookId (LEGACY) or id (ENVELOPE). */
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
 * What a webhook says, in both shapes (docs/api.md#webhook-formats): LEGACY spreads `fields` beside
 * `webhookId`, `type` and `timestamp`; ENVELOPE is the public Grid API's `{id, type, timestamp, data}`
 * with its OBJECT.EVENT type. `timestamp` is the event's time, not the sending's: retries carry the
 * same body and signature input.
 */
interface WebhookContent {
  type: WebhookType;
  envelopeType: string;
  timestamp: string;
  fields: object;
  data?: object;
}

/** The body of webhook `id` in `format`. */
function renderBody(id: string, format: WebhookFormat, content: WebhookContent): string {
  const webhookId = toApiId('Webhook', id);
  const { type, envelopeType, timestamp, fields, data } = content;
  return JSON.stringify(
    format === 'ENVELOPE'
      ? { id: webhookId, type: envelopeType, timestamp, ...(data ? { data } : {}) }
      : { webhookId, type, timestamp, ...fields },
  );
}

/**
 * The INCOMING_PAYMENT or OUTGOING_PAYMENT webhook of a transaction's status change (docs/api.md#webhooks);
 * a change that awaits the platform's approval asks for the recipient information the sender wants,
 * beside the transaction in LEGACY and within `data` in ENVELOPE, where the public API has it.
 */
export function paymentWebhook(
  event: TransactionEvent,
  format: WebhookFormat,
  traceparent?: string,
): NewDelivery {
  const { transaction, approval } = event.payload;
  const id = webhookIdFor(event.eventId);
  const type = transaction.type === 'INCOMING' ? 'INCOMING_PAYMENT' : 'OUTGOING_PAYMENT';
  const requested = approval
    ? { requestedReceiverCustomerInfoFields: approval.requestedReceiverCustomerInfoFields }
    : {};
  return {
    id,
    platformId: event.platformId,
    environment: event.environment,
    aggregateId: transaction.id,
    type,
    body: renderBody(id, format, {
      type,
      envelopeType: `${type}.${transaction.status}`,
      timestamp: event.occurredAt,
      fields: { transaction, ...requested },
      data: { ...transaction, ...requested },
    }),
    ...(approval ? { approvalRequest: true } : {}),
    ...(traceparent ? { traceparent } : {}),
  };
}

/**
 * The KYC_STATUS webhook of a customer's verification result, in order with the customer's others;
 * its ENVELOPE `data` is the part of the customer the event carries.
 */
export function kycStatusWebhook(event: KycEvent, format: WebhookFormat): NewDelivery {
  const { customerId, platformCustomerId, kycStatus } = event.payload;
  return eventWebhook(event, format, customerId, {
    type: 'KYC_STATUS',
    envelopeType: `CUSTOMER.KYC_${kycStatus}`,
    fields: { customerId, platformCustomerId, kycStatus },
    data: { id: customerId, platformCustomerId, kycStatus },
  });
}

/** The BULK_UPLOAD webhook of an import job that completed or failed. */
export function bulkUploadWebhook(event: BulkImportJobEvent, format: WebhookFormat): NewDelivery {
  const { bulkCustomerImportJob } = event.payload;
  return eventWebhook(event, format, bulkCustomerImportJob.jobId, {
    type: 'BULK_UPLOAD',
    envelopeType: `BULK_UPLOAD.${bulkCustomerImportJob.status}`,
    fields: { bulkCustomerImportJob },
    data: bulkCustomerImportJob,
  });
}

/** The INVITATION_CLAIMED webhook: the invitation as GET /invitations/{invitationCode} shows it. */
export function invitationClaimedWebhook(event: InvitationEvent, format: WebhookFormat): NewDelivery {
  const { invitation } = event.payload;
  return eventWebhook(event, format, invitation.code, {
    type: 'INVITATION_CLAIMED',
    envelopeType: 'INVITATION.CLAIMED',
    fields: { invitation },
    data: invitation,
  });
}

/**
 * The ACCOUNT_STATUS webhook of an internal account's balance change, balances as the internal
 * account view shows them; in order with the account's others. Its ENVELOPE `data` names the new
 * balance `balance`, as the internal account does.
 */
export function accountStatusWebhook(event: BalanceEvent, format: WebhookFormat): NewDelivery {
  const { accountId, customerId, platformCustomerId, currency, oldBalance, newBalance } = event.payload;
  const currencyObject = currencyOf(currency);
  const balances = { oldBalance: { amount: oldBalance, currency: currencyObject } };
  const balance = { amount: newBalance, currency: currencyObject };
  const owner = {
    ...(customerId ? { customerId } : {}),
    ...(platformCustomerId ? { platformCustomerId } : {}),
  };
  return eventWebhook(event, format, accountId, {
    type: 'ACCOUNT_STATUS',
    envelopeType: 'ACCOUNT.BALANCE_UPDATED',
    fields: { accountId, ...balances, newBalance: balance, ...owner },
    data: { id: accountId, balance, ...balances, ...owner },
  });
}

/** The one webhook of an event: its id derived from the event's, its timestamp the event's time. */
function eventWebhook(
  event: EventEnvelope,
  format: WebhookFormat,
  aggregateId: string,
  content: Omit<WebhookContent, 'timestamp'>,
): NewDelivery {
  const id = webhookIdFor(event.eventId);
  return {
    id,
    platformId: event.platformId,
    environment: event.environment,
    aggregateId,
    type: content.type,
    body: renderBody(id, format, { ...content, timestamp: event.occurredAt }),
  };
}

/** A TEST webhook; it is its own aggregate, so it never waits behind another webhook. */
export function testWebhook(
  scope: EventScope,
  format: WebhookFormat,
  id: string,
  timestamp: string,
): NewDelivery {
  return {
    id,
    platformId: scope.platformId,
    environment: scope.environment,
    aggregateId: toApiId('Webhook', id),
    type: 'TEST',
    body: renderBody(id, format, { type: 'TEST', envelopeType: 'TEST', timestamp, fields: {} }),
  };
}
