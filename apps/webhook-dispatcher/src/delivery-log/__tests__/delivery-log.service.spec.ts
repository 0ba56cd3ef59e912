import { Environment } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { DeliveryLogService } from '@webhooks/delivery-log/delivery-log.service';
import { DeliveryLogStore, FoundDelivery } from '@webhooks/delivery-log/delivery-log.store';
import { RedeliveryStore } from '@webhooks/delivery-log/redelivery.store';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';

const SCOPE = { platformId: '7d1f2a40-8b2c-4c8e-a1d5-2f3e4b5c6d7e', environment: Environment.Sandbox };
const ID = '0b6f2c1e-5d4a-5f3b-9c2d-7e8f9a0b1c2d';
const WEBHOOK_ID = `Webhook:${ID}`;

const found = (fields: Partial<FoundDelivery> = {}): FoundDelivery => ({
  id: ID,
  type: 'OUTGOING_PAYMENT',
  status: 'FAILED',
  aggregate_id: 'Transaction:019542f5-b3e7-1d02-0000-000000000004',
  attempt_count: 4,
  next_attempt_at: new Date('2026-01-01T00:00:10Z'),
  created_at: new Date('2026-01-01T00:00:00Z'),
  created_us: '1767225600000000',
  last_attempt_at: new Date('2026-01-01T00:00:09Z'),
  last_status_code: 500,
  body: JSON.stringify({ webhookId: WEBHOOK_ID, type: 'OUTGOING_PAYMENT' }),
  approval_request: false,
  ...fields,
});

describe('DeliveryLogService', () => {
  const log = { page: jest.fn(), count: jest.fn(), find: jest.fn(), attempts: jest.fn() };
  const redeliveries = { redeliver: jest.fn() };
  const endpoints = { urlOf: jest.fn() };
  const worker = { notify: jest.fn() };
  const service = new DeliveryLogService(
    log as unknown as DeliveryLogStore,
    redeliveries as unknown as RedeliveryStore,
    endpoints as unknown as WebhookEndpointsStore,
    worker as unknown as DeliveryWorker,
  );
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: ApiException) => error.code,
    );

  beforeEach(() => {
    jest.resetAllMocks();
    endpoints.urlOf.mockResolvedValue('https://platform.example.com/hooks');
    log.find.mockResolvedValue(found());
    redeliveries.redeliver.mockResolvedValue([ID]);
  });

  it('shows a delivery with its transaction, its last attempt and each attempt, the error kind of one without answer', async () => {
    log.attempts.mockResolvedValue([
      {
        attempt: 1,
        started_at: new Date('2026-01-01T00:00:01Z'),
        duration_ms: 10_000,
        response_status: null,
        error: 'TIMEOUT: no answer in time',
        response_body: null,
      },
      {
        attempt: 2,
        started_at: new Date('2026-01-01T00:00:09Z'),
        duration_ms: 12,
        response_status: 500,
        error: null,
        response_body: 'down',
      },
    ]);

    expect(await service.get(SCOPE, WEBHOOK_ID)).toEqual({
      id: WEBHOOK_ID,
      type: 'OUTGOING_PAYMENT',
      status: 'FAILED',
      transactionId: 'Transaction:019542f5-b3e7-1d02-0000-000000000004',
      attempts: 4,
      lastAttemptAt: '2026-01-01T00:00:09.000Z',
      lastStatusCode: 500,
      createdAt: '2026-01-01T00:00:00.000Z',
      attemptLog: [
        {
          at: '2026-01-01T00:00:01.000Z',
          durationMs: 10_000,
          errorKind: 'TIMEOUT',
          error: 'TIMEOUT: no answer in time',
        },
        { at: '2026-01-01T00:00:09.000Z', statusCode: 500, durationMs: 12, responseExcerpt: 'down' },
      ],
      body: { webhookId: WEBHOOK_ID, type: 'OUTGOING_PAYMENT' },
    });
  });

  it('answers 404 for an id that is not a webhook id or not the caller’s', async () => {
    expect(await codeOf(service.get(SCOPE, ID))).toBe('NOT_FOUND');
    log.find.mockResolvedValue(undefined);
    expect(await codeOf(service.get(SCOPE, WEBHOOK_ID))).toBe('NOT_FOUND');
    expect(await codeOf(service.redeliver(SCOPE, WEBHOOK_ID))).toBe('NOT_FOUND');
    expect(redeliveries.redeliver).not.toHaveBeenCalled();
  });

  it('redelivers one finished webhook and wakes the worker', async () => {
    await service.redeliver(SCOPE, WEBHOOK_ID);

    expect(redeliveries.redeliver).toHaveBeenCalledWith(SCOPE, { id: ID }, 1);
    expect(worker.notify).toHaveBeenCalled();
  });

  it('refuses a PENDING webhook (409), an approval request (409), and any redelivery without an endpoint (400)', async () => {
    redeliveries.redeliver.mockResolvedValue([]);
    expect(await codeOf(service.redeliver(SCOPE, WEBHOOK_ID))).toBe('CONFLICT');
    log.find.mockResolvedValue(found({ approval_request: true }));
    expect(await codeOf(service.redeliver(SCOPE, WEBHOOK_ID))).toBe('CONFLICT');
    endpoints.urlOf.mockResolvedValue(undefined);
    log.find.mockResolvedValue(found());
    expect(await codeOf(service.redeliver(SCOPE, WEBHOOK_ID))).toBe('WEBHOOK_ENDPOINT_NOT_SET');
    expect(await codeOf(service.redeliverAll(SCOPE, { status: 'FAILED' }))).toBe('WEBHOOK_ENDPOINT_NOT_SET');
    expect(worker.notify).not.toHaveBeenCalled();
  });

  it('says in each refusal which webhook it concerns and what to do instead', async () => {
    const messageOf = (promise: Promise<unknown>) => promise.catch((error: ApiException) => error.message);
    redeliveries.redeliver.mockResolvedValue([]);
    expect(await messageOf(service.redeliver(SCOPE, WEBHOOK_ID))).toMatch(
      new RegExp(`^Webhook ${WEBHOOK_ID} is PENDING, still being sent: wait until GET /webhooks/deliveries/`),
    );
    log.find.mockResolvedValue(found({ approval_request: true }));
    expect(await messageOf(service.redeliver(SCOPE, WEBHOOK_ID))).toMatch(
      new RegExp(`^Webhook ${WEBHOOK_ID} is an approval request.*: .*approve or /reject$`),
    );
    endpoints.urlOf.mockResolvedValue(undefined);
    expect(await messageOf(service.redeliverAll(SCOPE, { status: 'FAILED' }))).toBe(
      'This platform has no webhookEndpoint in sandbox, so there is nowhere to send: set one with PATCH /config, then retry',
    );
  });

  it('requires a filter for a bulk redelivery and bounds it at 10,000', async () => {
    expect(await codeOf(service.redeliverAll(SCOPE, {}))).toBe('INVALID_INPUT');
    redeliveries.redeliver.mockResolvedValue([ID, ID]);

    expect(
      await service.redeliverAll(SCOPE, { status: 'FAILED', createdAfter: '2026-01-01T00:00:00Z' }),
    ).toEqual({ count: 2 });
    expect(redeliveries.redeliver).toHaveBeenCalledWith(
      SCOPE,
      expect.objectContaining({ status: 'FAILED', createdAfter: new Date('2026-01-01T00:00:00Z') }),
      10_000,
    );
  });

  it('pages the list with a cursor naming the last item shown', async () => {
    log.page.mockResolvedValue([found(), found({ id: 'next' })]);
    log.count.mockResolvedValue(7);

    const page = await service.list(SCOPE, { limit: 1 });

    expect(page).toMatchObject({ hasMore: true, totalCount: 7, data: [{ id: WEBHOOK_ID }] });
    expect(log.page).toHaveBeenCalledWith(SCOPE, expect.anything(), 2, undefined);
    await service.list(SCOPE, { limit: 1, cursor: page.nextCursor });
    expect(log.page).toHaveBeenLastCalledWith(SCOPE, expect.anything(), 2, {
      at: '1767225600000000',
      id: ID,
    });
    expect(await codeOf(service.list(SCOPE, { cursor: 'bogus' }))).toBe('INVALID_INPUT');
  });
});
