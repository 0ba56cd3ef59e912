import type { operations } from '@console/api/openapi';

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
}

export const FILTER_FIELDS = ['status', 'type', 'customer', 'reference', 'from', 'to'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The API query for the filters: a customer is searched by its id when the text is one
 * (`Customer:…`), else by the platform's own id; days become the inclusive UTC timestamps the API
 * bounds by. Empty fields and malformed days ask for nothing.
 */
export function transactionQuery(filters: TransactionFilters, cursor?: string, limit = 20): TransactionQuery {
  const query: TransactionQuery = { limit };
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
  if (filters.from && DAY.test(filters.from)) query.startDate = `${filters.from}T00:00:00.000Z`;
  if (filters.to && DAY.test(filters.to)) query.endDate = `${filters.to}T23:59:59.999Z`;
  return query;
}

export function filtersOf(search: URLSearchParams): TransactionFilters {
  return Object.fromEntries(FILTER_FIELDS.flatMap((field) => (search.get(field) ? [[field, search.get(field)]] : [])));
}
