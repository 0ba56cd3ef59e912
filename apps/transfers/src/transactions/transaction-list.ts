import { CountedList } from '@payments/persistence';

/**
 * GET /transactions counted with the writes: every listed transaction (none while CREATED, see
 * TransactionsService), and per value of each filter but the reference, which names one. A change
 * here needs a migration that recreates the counting triggers.
 */
export const TRANSACTION_LIST: CountedList = {
  table: 'transactions',
  listed: "status <> 'CREATED'",
  dimensions: {
    customerId: 'customer_id',
    platformCustomerId: 'platform_customer_id',
    sourceAccountId: 'source_account_id',
    destinationAccountId: 'destination_account_id',
    status: 'status',
    type: 'type',
  },
};
