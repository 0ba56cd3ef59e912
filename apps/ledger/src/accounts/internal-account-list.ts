import { CountedList } from '@payments/persistence';

/**
 * GET /customers/internal-accounts counted with the writes, per customer and per currency. An
 * account's kind, owner and currency never change, and balances change on every posting: no
 * update trigger. A change here needs a migration that recreates the counting triggers.
 */
export const INTERNAL_ACCOUNT_LIST: CountedList = {
  table: 'accounts',
  listed: "kind = 'INTERNAL' AND customer_id IS NOT NULL",
  dimensions: { customerId: 'customer_id', currency: 'currency' },
  writes: ['INSERT', 'DELETE'],
};
