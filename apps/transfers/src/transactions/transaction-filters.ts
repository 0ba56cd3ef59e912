import { Filter, listFilters } from '@payments/http';
import { ListTransactionsQuery } from '@transfers/transactions/dto/list-transactions.query';

/** The conditions a list query asks for on the alias `transaction`, beyond the caller's scope. */
export function transactionFilters(query: ListTransactionsQuery): Filter[] {
  return listFilters('transaction', query, {
    equal: {
      customerId: 'customerId',
      platformCustomerId: 'platformCustomerId',
      senderAccountIdentifier: 'sourceAccountId',
      receiverAccountIdentifier: 'destinationAccountId',
      status: 'status',
      type: 'type',
      reference: 'reference',
    },
    createdAt: { startDate: '>=', endDate: '<=' },
  });
}
