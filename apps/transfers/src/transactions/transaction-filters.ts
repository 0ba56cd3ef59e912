import { ListTransactionsQuery } from '@transfers/transactions/dto/list-transactions.query';

/** A condition on the alias `transaction` with its parameters, as a query builder takes them. */
export interface Filter {
  where: string;
  parameters: Record<string, unknown>;
}

/** List filters that match one property exactly. */
const EQUALITY_FILTERS = {
  customerId: 'customerId',
  platformCustomerId: 'platformCustomerId',
  senderAccountIdentifier: 'sourceAccountId',
  receiverAccountIdentifier: 'destinationAccountId',
  status: 'status',
  type: 'type',
  reference: 'reference',
} as const satisfies Partial<Record<keyof ListTransactionsQuery, string>>;

/** The creation-time bounds, both inclusive. */
const TIME_FILTERS = { startDate: '>=', endDate: '<=' } as const;

/** The conditions a list query asks for, beyond the caller's scope. */
export function transactionFilters(query: ListTransactionsQuery): Filter[] {
  const filters: Filter[] = [];
  for (const [filter, property] of Object.entries(EQUALITY_FILTERS)) {
    const value = query[filter as keyof typeof EQUALITY_FILTERS];
    if (value !== undefined)
      filters.push({ where: `transaction.${property} = :${filter}`, parameters: { [filter]: value } });
  }
  for (const [filter, comparison] of Object.entries(TIME_FILTERS)) {
    const bound = query[filter as keyof typeof TIME_FILTERS];
    if (bound !== undefined) {
      filters.push({
        where: `transaction.createdAt ${comparison} :${filter}`,
        parameters: { [filter]: new Date(bound) },
      });
    }
  }
  return filters;
}
