import {
  createEvent,
  Environment,
  EventEnvelope,
  TransactionSnapshot,
  WebhookFormat,
} from '@payments/contracts';
import { currencyOf } from '@payments/money';
import {
  accountStatusWebhook,
  bulkUploadWebhook,
  invitationClaimedWebhook,
  kycStatusWebhook,
  NewDelivery,
  paymentWebhook,
  testWebhook,
  webhookIdFor,
} from '@webhooks/deliveries/webhook-envelope';

const SCOPE = {
  platformId: 'Platform:8d2c1f0e-0000-4000-8000-000000000001',
  environment: Environment.Sandbox,
};
const CUSTOMER = 'Customer:8d2c1f0e-0000-4000-8000-000000000004';
const ACCOUNT = 'InternalAccount:8d2c1f0e-0000-4000-8000-000000000002';
const USD = currencyOf('USD');

const transaction = (
  type: 'INCOMING' | 'OUTGOING',
  status: TransactionSnapshot['status'],
): TransactionSnapshot => ({
  id: 'Transaction:7d1c7b36-5f47-4c55-9d0b-0b7f6f0e4a11',
  status,
  type,
  createdAt: '2025-10-13T10:00:00.000Z',
  updatedAt: '2025-10-13T10:00:01.000Z',
  sentAmount: { amount: 1000, currency: { code: 'USD' } },
});
const outgoing = transaction('OUTGOING', 'COMPLETED');
const incoming = transaction('INCOMING', 'PENDING');
const requestedReceiverCustomerInfoFields = [{ name: 'FULL_NAME', mandatory: true }];
const job = {
  jobId: 'Job:8d2c1f0e-0000-4000-8000-000000000005',
  status: 'FAILED' as const,
  progress: { total: 2, processed: 1, successful: 1, failed: 0 },
  errors: [],
  completedAt: '2025-10-13T10:00:02.000Z',
};
const invitation = {
  code: 'k3Jx9Qm2Vb7TtZp4Lw8NcA',
  status: 'CLAIMED' as const,
  inviterUma: '$ada@acme.uma.local',
  inviteeUma: '$bob@other.uma.local',
  url: 'https://acme.uma.local/i/k3Jx9Qm2Vb7TtZp4Lw8NcA',
  createdAt: '2026-11-25T10:00:00.000Z',
  claimedAt: '2026-11-25T10:05:00.000Z',
  amountToSend: { amount: 12_550, currency: USD },
};

const events = {
  outgoing: createEvent('transaction.status-changed', 1, SCOPE, outgoing.id, { transaction: outgoing }),
  incoming: createEvent('transaction.status-changed', 1, SCOPE, incoming.id, {
    transaction: incoming,
    approval: { requestedReceiverCustomerInfoFields },
  }),
  kyc: createEvent('kyc.status-changed', 1, SCOPE, CUSTOMER, {
    customerId: CUSTOMER,
    platformCustomerId: 'ada-1',
    kycStatus: 'MANUALLY_APPROVED' as const,
  }),
  bulk: createEvent('bulk-import.job-finished', 1, SCOPE, job.jobId, { bulkCustomerImportJob: job }),
  invitation: createEvent('invitation.claimed', 1, SCOPE, invitation.code, { invitation }),
  balance: createEvent('account.balance-changed', 1, SCOPE, ACCOUNT, {
    accountId: ACCOUNT,
    customerId: CUSTOMER,
    currency: 'USD',
    oldBalance: 10_000,
    newBalance: 7_500,
    transactionId: outgoing.id,
    postingKind: 'RESERVE',
  }),
};

interface Case {
  render: (format: WebhookFormat) => NewDelivery;
  event: EventEnvelope;
  /** Its webhooks go out in the order of this aggregate's. */
  aggregateId: string;
  /** LEGACY: the fields beside webhookId, type and timestamp. */
  legacy: object;
  /** ENVELOPE: its OBJECT.EVENT type and data. */
  envelopeType: string;
  data: object;
}

const CASES: Record<string, Case> = {
  OUTGOING_PAYMENT: {
    render: (format) => paymentWebhook(events.outgoing, format),
    event: events.outgoing,
    aggregateId: outgoing.id,
    legacy: { transaction: outgoing },
    envelopeType: 'OUTGOING_PAYMENT.COMPLETED',
    data: outgoing,
  },
  INCOMING_PAYMENT: {
    render: (format) => paymentWebhook(events.incoming, format),
    event: events.incoming,
    aggregateId: incoming.id,
    legacy: { transaction: incoming, requestedReceiverCustomerInfoFields },
    envelopeType: 'INCOMING_PAYMENT.PENDING',
    data: { ...incoming, requestedReceiverCustomerInfoFields },
  },
  KYC_STATUS: {
    render: (format) => kycStatusWebhook(events.kyc, format),
    event: events.kyc,
    aggregateId: CUSTOMER,
    legacy: { customerId: CUSTOMER, platformCustomerId: 'ada-1', kycStatus: 'MANUALLY_APPROVED' },
    envelopeType: 'CUSTOMER.KYC_MANUALLY_APPROVED',
    data: { id: CUSTOMER, platformCustomerId: 'ada-1', kycStatus: 'MANUALLY_APPROVED' },
  },
  BULK_UPLOAD: {
    render: (format) => bulkUploadWebhook(events.bulk, format),
    event: events.bulk,
    aggregateId: job.jobId,
    legacy: { bulkCustomerImportJob: job },
    envelopeType: 'BULK_UPLOAD.FAILED',
    data: job,
  },
  INVITATION_CLAIMED: {
    render: (format) => invitationClaimedWebhook(events.invitation, format),
    event: events.invitation,
    aggregateId: invitation.code,
    legacy: { invitation },
    envelopeType: 'INVITATION.CLAIMED',
    data: invitation,
  },
  ACCOUNT_STATUS: {
    render: (format) => accountStatusWebhook(events.balance, format),
    event: events.balance,
    aggregateId: ACCOUNT,
    legacy: {
      accountId: ACCOUNT,
      oldBalance: { amount: 10_000, currency: USD },
      newBalance: { amount: 7_500, currency: USD },
      customerId: CUSTOMER,
    },
    envelopeType: 'ACCOUNT.BALANCE_UPDATED',
    data: {
      id: ACCOUNT,
      balance: { amount: 7_500, currency: USD },
      oldBalance: { amount: 10_000, currency: USD },
      customerId: CUSTOMER,
    },
  },
};

describe.each(Object.entries(CASES))(
  'the %s webhook',
  (type, { render, event, aggregateId, legacy, envelopeType, data }) => {
    const webhookId = `Webhook:${webhookIdFor(event.eventId)}`;

    it('keeps its LEGACY shape: the fields beside webhookId, type and timestamp', () => {
      expect(JSON.parse(render('LEGACY').body)).toEqual({
        webhookId,
        type,
        timestamp: event.occurredAt,
        ...legacy,
      });
    });

    it('is {id, type, timestamp, data} in ENVELOPE, typed OBJECT.EVENT', () => {
      expect(JSON.parse(render('ENVELOPE').body)).toEqual({
        id: webhookId,
        type: envelopeType,
        timestamp: event.occurredAt,
        data,
      });
    });

    it('is the same delivery in both formats but for its body', () => {
      const { body: legacyBody, ...legacyDelivery } = render('LEGACY');
      const { body: envelopeBody, ...envelopeDelivery } = render('ENVELOPE');

      expect(envelopeDelivery).toEqual(legacyDelivery);
      expect(envelopeDelivery).toMatchObject({ type, aggregateId, ...SCOPE });
      expect(envelopeBody).not.toBe(legacyBody);
    });
  },
);

describe('the TEST webhook', () => {
  const id = '3f0e0f7c-1f3e-4b55-8a3c-5d0e1c2b3a49';
  const timestamp = '2025-10-13T10:00:00.000Z';

  it('has no payload in either format', () => {
    expect(testWebhook(SCOPE, 'LEGACY', id, timestamp).body).toBe(
      `{"webhookId":"Webhook:${id}","type":"TEST","timestamp":"${timestamp}"}`,
    );
    expect(testWebhook(SCOPE, 'ENVELOPE', id, timestamp).body).toBe(
      `{"id":"Webhook:${id}","type":"TEST","timestamp":"${timestamp}"}`,
    );
  });
});
