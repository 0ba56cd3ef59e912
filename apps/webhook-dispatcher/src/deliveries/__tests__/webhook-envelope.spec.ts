import { createEvent, Environment, TransactionEvent, TransactionSnapshot } from '@payments/contracts';
import { EventContext } from '@payments/messaging';
import { EachMessagePayload } from 'kafkajs';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { PaymentWebhookConsumer } from '@webhooks/deliveries/payment-webhook.consumer';
import { paymentWebhook, testWebhook, webhookIdFor } from '@webhooks/deliveries/webhook-envelope';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';

const SCOPE = { platformId: 'Platform:1', environment: Environment.Sandbox };
const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function statusChanged(transaction: Partial<TransactionSnapshot>): TransactionEvent {
  const snapshot: TransactionSnapshot = {
    id: 'Transaction:7d1c7b36-5f47-4c55-9d0b-0b7f6f0e4a11',
    status: 'COMPLETED',
    type: 'OUTGOING',
    createdAt: '2025-10-13T10:00:00.000Z',
    updatedAt: '2025-10-13T10:00:01.000Z',
    sentAmount: { amount: 1000, currency: { code: 'USD' } },
    ...transaction,
  };
  return createEvent('transaction.status-changed', 1, SCOPE, snapshot.id, {
    transaction: snapshot,
    previousStatus: 'PROCESSING',
  });
}

describe('webhookIdFor', () => {
  it('derives the same version-5 uuid from the same event id, and another from another', () => {
    const id = webhookIdFor('0b5c8a8e-8c1e-4f3e-9a57-3c1b1f0f2d10');

    expect(id).toMatch(UUID_V5);
    expect(webhookIdFor('0b5c8a8e-8c1e-4f3e-9a57-3c1b1f0f2d10')).toBe(id);
    expect(webhookIdFor('0b5c8a8e-8c1e-4f3e-9a57-3c1b1f0f2d11')).not.toBe(id);
    expect(id).not.toBe('0b5c8a8e-8c1e-4f3e-9a57-3c1b1f0f2d10');
  });
});

describe('paymentWebhook', () => {
  it('wraps the transaction unchanged in an OUTGOING_PAYMENT envelope stamped with the status change time', () => {
    const event = statusChanged({ type: 'OUTGOING' });

    const delivery = paymentWebhook(event, 'LEGACY');

    expect(delivery).toEqual({
      id: webhookIdFor(event.eventId),
      platformId: 'Platform:1',
      environment: 'SANDBOX',
      aggregateId: event.payload.transaction.id,
      type: 'OUTGOING_PAYMENT',
      body: expect.any(String),
    });
    expect(JSON.parse(delivery.body)).toEqual({
      webhookId: `Webhook:${delivery.id}`,
      type: 'OUTGOING_PAYMENT',
      timestamp: event.occurredAt,
      transaction: event.payload.transaction,
    });
  });

  it('sends incoming transactions as INCOMING_PAYMENT', () => {
    const delivery = paymentWebhook(statusChanged({ type: 'INCOMING' }), 'LEGACY');

    expect(delivery.type).toBe('INCOMING_PAYMENT');
    expect(JSON.parse(delivery.body).type).toBe('INCOMING_PAYMENT');
  });

  it('builds the same body again for a redelivered event', () => {
    const event = statusChanged({});

    expect(paymentWebhook(JSON.parse(JSON.stringify(event)), 'ENVELOPE')).toEqual(
      paymentWebhook(event, 'ENVELOPE'),
    );
  });
});

describe('testWebhook', () => {
  it('is a TEST envelope without payload that orders with nothing but itself', () => {
    const delivery = testWebhook(
      SCOPE,
      'LEGACY',
      '3f0e0f7c-1f3e-4b55-8a3c-5d0e1c2b3a49',
      '2025-10-13T10:00:00.000Z',
    );

    expect(delivery).toMatchObject({
      type: 'TEST',
      aggregateId: 'Webhook:3f0e0f7c-1f3e-4b55-8a3c-5d0e1c2b3a49',
      ...SCOPE,
    });
    expect(delivery.body).toBe(
      '{"webhookId":"Webhook:3f0e0f7c-1f3e-4b55-8a3c-5d0e1c2b3a49","type":"TEST","timestamp":"2025-10-13T10:00:00.000Z"}',
    );
  });
});

describe('PaymentWebhookConsumer', () => {
  it("keeps with each webhook the traceparent of its event's message, rendered in its platform's format", async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const messageWith = (headers: Record<string, Buffer>) => ({ message: { headers } }) as EachMessagePayload;
    const enqueueAll = jest.fn();
    const endpoints = { endpointsOf: async () => () => ({ url: null, format: 'ENVELOPE' }) };
    const consumer = new PaymentWebhookConsumer(
      { enqueueAll } as unknown as DeliveryWorker,
      endpoints as unknown as WebhookEndpointsStore,
    );
    const events = [statusChanged({}), statusChanged({})];

    await consumer.onTransactionEvents(
      events,
      new EventContext([[messageWith({}), messageWith({ traceparent: Buffer.from(traceparent) })]]),
    );

    expect(enqueueAll).toHaveBeenCalledWith([
      paymentWebhook(events[0], 'ENVELOPE'),
      paymentWebhook(events[1], 'ENVELOPE', traceparent),
    ]);
    expect(enqueueAll.mock.calls[0][0][1].traceparent).toBe(traceparent);
  });
});
