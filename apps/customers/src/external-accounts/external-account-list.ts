import { CountedList } from '@payments/persistence';

/**
 * GET /customers/external-accounts counted with the writes, per customer and per currency. An
 * account's owner and currency never change, and its status does (activation): no update trigger.
 * A change here needs a migration that recreates the counting triggers.
 */
export const EXTERNAL_ACCOUNT_LIST: CountedList = {
  table: 'external_accounts',
  listed: 'customer_id IS NOT NULL',
  dimensions: { customerId: 'customer_id', currency: 'currency' },
  writes: ['INSERT', 'DELETE'],
};
