import type { operations } from '@console/api/openapi';
import { dayRange } from '@console/format/day-range';

export type DeliveryQuery = NonNullable<operations['DeliveryLogController_list']['parameters']['query']>;
export type RedeliverFilter = NonNullable<
  operations['DeliveryLogController_redeliverAll']['requestBody']
>['content']['application/json'];

export const DELIVERY_FILTER_FIELDS = ['status', 'type', 'transactionId', 'from', 'to'] as const;
export type DeliveryFilters = Partial<Record<(typeof DELIVERY_FILTER_FIELDS)[number], string>>;

/** The delivery log's query for the filters; created days are inclusive UTC bounds. */
export function deliveryQuery(filters: DeliveryFilters, cursor?: string): DeliveryQuery {
  const { start, end } = dayRange(filters.from, filters.to);
  return {
    limit: 20,
    ...(cursor ? { cursor } : {}),
    ...(filters.status ? { status: filters.status as DeliveryQuery['status'] } : {}),
    ...(filters.type ? { type: filters.type as DeliveryQuery['type'] } : {}),
    ...(filters.transactionId?.trim() ? { transactionId: filters.transactionId.trim() } : {}),
    ...(start ? { createdAfter: start } : {}),
    ...(end ? { createdBefore: end } : {}),
  };
}

/**
 * What a bulk redelivery of the listed webhooks sends, or why the listed ones cannot be redelivered
 * at once: the API redelivers by status (DELIVERED or FAILED), type and creation time only, so a
 * list narrowed otherwise (one transaction's) or still PENDING would not be what gets resent.
 */
export function redeliverFilter(filters: DeliveryFilters): { filter: RedeliverFilter } | { refusal: string } {
  if (filters.status !== 'DELIVERED' && filters.status !== 'FAILED') {
    return { refusal: 'Choose the status FAILED or DELIVERED to redeliver every matching webhook.' };
  }
  if (filters.transactionId?.trim()) {
    return {
      refusal: 'Bulk redelivery cannot be narrowed to one transaction: redeliver its webhooks one by one.',
    };
  }
  const query = deliveryQuery(filters);
  return {
    filter: {
      status: filters.status,
      ...(query.type ? { type: query.type } : {}),
      ...(query.createdAfter ? { createdAfter: query.createdAfter } : {}),
      ...(query.createdBefore ? { createdBefore: query.createdBefore } : {}),
    },
  };
}
