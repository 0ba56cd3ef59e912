import { uuidOf } from '@payments/contracts';
import { ApiException, PlatformScope } from '@payments/http';
import { findInScope } from '@payments/persistence';
import { EntityManager } from 'typeorm';
import { Customer } from '@customers/customers/customer.entity';

export interface CustomerLookupOptions {
  /** Held until the transaction ends; a share lock keeps the customer from being deleted meanwhile. */
  lock?: 'pessimistic_read' | 'pessimistic_write';
  /** A deleted customer counts as not found. */
  liveOnly?: boolean;
}

/**
 * The customer of `scope` with the API id `customerId`; 404 USER_NOT_FOUND for a malformed or unknown id
 * and for another platform's or environment's customer alike.
 */
export async function findCustomer(
  manager: EntityManager,
  scope: PlatformScope,
  customerId: string,
  { lock, liveOnly = false }: CustomerLookupOptions = {},
): Promise<Customer> {
  const id = uuidOf('Customer', customerId);
  const found = id ? await findInScope(manager, Customer, id, scope, lock) : undefined;
  const customer = liveOnly && found?.deletedAt ? undefined : found;
  if (!customer) throw ApiException.notFound('USER_NOT_FOUND', `Customer ${customerId}`);
  return customer;
}
