import type { operations } from '@console/api/openapi';
import { dayRange } from '@console/format/day-range';

export type TransactionQuery = NonNullable<operations['TransactionsController_list']['parameters']['query']>;

/** The list's filters as the page keeps them in its address: the form's fields, all text. */
export interface TransactionFilters {
  status?: string;
  type?: string;
  customer?: string;
  reference?: string;
  /** Days, YYYY-MM-DD, in UTC, both inclusive. */
  from?: string;
  to?: string;
  /** Rows per page, one of PAGE_SIZES. */
  limit?: string;
}

export const PAGE_SIZES = ['20', '50', '100'];

export const FILTER_FIELDS = ['status', 'type', 'customer', 'reference', 'from', 'to', 'limit'] as const;

/**
 * The API query for the filters: a customer is searched by its id when the text is one
 * (`Customer:…`), else by the platform's own id; days become the inclusive UTC timestamps the API
 * bounds by. Empty fields, malformed days and page sizes the page does not offer ask for nothing.
 */
export function transactionQuery(filters: TransactionFilters, cursor?: string): TransactionQuery {
  const query: TransactionQuery = {
    limit: Number(PAGE_SIZES.includes(filters.limit ?? '') ? filters.limit : PAGE_SIZES[0]),
  };
  if (cursor) query.cursor = cursor;
  if (filters.status) query.status = filters.status as TransactionQuery['status'];
  if (filters.type) query.type = filters.type as TransactionQuery['type'];
  const customer = filters.customer?.trim();
  if (customer) {
    if (customer.startsWith('Customer:')) query.customerId = customer;
    else query.platformCustomerId = customer;
  }
  const reference = filters.reference?.trim();
  if (reference) query.reference = reference;
  const { start, end } = dayRange(filters.from, filters.to);
  if (start) query.startDate = start;
  if (end) query.endDate = end;
  return query;
}
