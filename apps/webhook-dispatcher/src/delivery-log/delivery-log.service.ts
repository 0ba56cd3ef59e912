import { Injectable } from '@nestjs/common';
import { EventScope, uuidOf } from '@payments/contracts';
import { ApiException, DEFAULT_PAGE_SIZE, Page } from '@payments/http';
import { DeliveryWorker } from '@webhooks/deliveries/delivery.worker';
import { decodeDeliveryCursor, encodeDeliveryCursor } from '@webhooks/delivery-log/delivery-cursor';
import { observeLogRead, observeRedelivery } from '@webhooks/delivery-log/delivery-log.metrics';
import { DeliveryLogStore, DeliverySelection } from '@webhooks/delivery-log/delivery-log.store';
import {
  DeliveryDetailView,
  DeliveryView,
  presentAttempt,
  presentDelivery,
} from '@webhooks/delivery-log/delivery.view';
import { ListDeliveriesQuery } from '@webhooks/delivery-log/dto/list-deliveries.query';
import { RedeliverFilterDto } from '@webhooks/delivery-log/dto/redeliver-filter.dto';
import { RedeliveryStore } from '@webhooks/delivery-log/redelivery.store';
import { endpointNotSet } from '@webhooks/endpoints/endpoint-refusals';
import { WebhookEndpointsStore } from '@webhooks/endpoints/webhook-endpoints.store';

/** Webhooks one bulk redelivery queues at most; the caller asks again for the rest. */
export const BULK_REDELIVERY_LIMIT = 10_000;

const FILTER_FIELDS = ['status', 'type', 'createdAfter', 'createdBefore'] as const;

/**
 * The delivery log of a platform's environment and redelivery (docs/api.md#webhook-delivery-log).
 * Another platform's or environment's webhook is not found, as if it did not exist. A redelivered
 * webhook goes through the worker's redelivery lane (DeliveryWorker), so however many are queued,
 * fresh webhooks keep their slots.
 */
@Injectable()
export class DeliveryLogService {
  constructor(
    private readonly log: DeliveryLogStore,
    private readonly redeliveries: RedeliveryStore,
    private readonly endpoints: WebhookEndpointsStore,
    private readonly worker: DeliveryWorker,
  ) {}

  async list(scope: EventScope, query: ListDeliveriesQuery): Promise<Page<DeliveryView>> {
    observeLogRead('list');
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor === undefined ? undefined : decodeDeliveryCursor(query.cursor);
    const selection = selectionOf(query);
    const [rows, totalCount] = await Promise.all([
      this.log.page(scope, selection, limit + 1, after),
      this.log.count(scope, selection),
    ]);
    const hasMore = rows.length > limit;
    const last = rows[limit - 1];
    return {
      data: rows.slice(0, limit).map(presentDelivery),
      hasMore,
      ...(hasMore ? { nextCursor: encodeDeliveryCursor({ at: last.created_us, id: last.id }) } : {}),
      totalCount,
    };
  }

  async get(scope: EventScope, webhookId: string): Promise<DeliveryDetailView> {
    observeLogRead('get');
    const id = uuidOf('Webhook', webhookId);
    const row = id ? await this.log.find(scope, id) : undefined;
    if (!row) throw notFound(webhookId);
    const attempts = await this.log.attempts(row.id);
    return {
      ...presentDelivery(row),
      attemptLog: attempts.map(presentAttempt),
      body: JSON.parse(row.body),
    };
  }

  /** Sends one finished webhook again: 404 unless the scope's, 409 while it is still PENDING. */
  async redeliver(scope: EventScope, webhookId: string): Promise<void> {
    const id = uuidOf('Webhook', webhookId);
    const row = id ? await this.log.find(scope, id) : undefined;
    if (!row) throw notFound(webhookId);
    if (row.approval_request)
      throw new ApiException(
        'CONFLICT',
        `Webhook ${webhookId} is an approval request, sent once since its answer decides the payment: a payment still PENDING is approved or rejected with POST /transactions/{transactionId}/approve or /reject`,
        { webhookId },
      );
    await this.endpointOf(scope);
    const [redelivered] = await this.redeliveries.redeliver(scope, { id: row.id }, 1);
    // Still (or again) PENDING: it is being sent, and a second send would add nothing.
    if (!redelivered)
      throw new ApiException(
        'CONFLICT',
        `Webhook ${webhookId} is PENDING, still being sent: wait until GET /webhooks/deliveries/${webhookId} shows it DELIVERED or FAILED, then redeliver it if needed`,
        { webhookId, status: 'PENDING' },
      );
    observeRedelivery('single', 1);
    this.worker.notify();
  }

  /** Sends again up to BULK_REDELIVERY_LIMIT finished webhooks of the filter, oldest first. */
  async redeliverAll(scope: EventScope, filter: RedeliverFilterDto): Promise<{ count: number }> {
    if (FILTER_FIELDS.every((field) => filter[field] === undefined))
      throw ApiException.invalidInput([
        { field: 'filter', message: `at least one of ${FILTER_FIELDS.join(', ')} is required` },
      ]);
    await this.endpointOf(scope);
    const ids = await this.redeliveries.redeliver(scope, selectionOf(filter), BULK_REDELIVERY_LIMIT);
    observeRedelivery('bulk', ids.length);
    if (ids.length > 0) this.worker.notify();
    return { count: ids.length };
  }

  /** A redelivery goes to the endpoint current when it is sent: there must be one. */
  private async endpointOf(scope: EventScope): Promise<void> {
    if (!(await this.endpoints.urlOf(scope))) throw endpointNotSet(scope.environment);
  }
}

function selectionOf(query: ListDeliveriesQuery | RedeliverFilterDto): DeliverySelection {
  return {
    status: query.status,
    type: query.type,
    transactionId: 'transactionId' in query ? query.transactionId : undefined,
    createdAfter: query.createdAfter === undefined ? undefined : new Date(query.createdAfter),
    createdBefore: query.createdBefore === undefined ? undefined : new Date(query.createdBefore),
  };
}

function notFound(webhookId: string): ApiException {
  return ApiException.notFound('NOT_FOUND', `Webhook ${webhookId}`);
}
