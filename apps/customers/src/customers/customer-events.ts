import { createEvent, CustomerEvent, EventEnvelope, toApiId } from '@payments/contracts';
import { Customer } from '@customers/customers/customer.entity';
import { eventScopeOf } from '@customers/platforms/platform-scope';

/** `currencies`: the platform's supported currencies, in each of which the customer gets an internal account. */
export function customerCreated(customer: Customer, currencies: string[]): CustomerEvent {
  return customerEvent('customer.created', customer, { ...stateOf(customer), currencies });
}

export function customerUpdated(customer: Customer): CustomerEvent {
  return customerEvent('customer.updated', customer, stateOf(customer));
}

export function customerDeleted(customer: Customer): CustomerEvent {
  const { customerId, platformCustomerId } = stateOf(customer);
  return customerEvent('customer.deleted', customer, { customerId, platformCustomerId });
}

/** Keyed by the customer, so that its events reach consumers in order. */
function customerEvent<TType extends CustomerEvent['type'], TPayload extends object>(
  type: TType,
  customer: Customer,
  payload: TPayload,
): EventEnvelope<TType, TPayload> {
  return createEvent(type, 1, eventScopeOf(customer), toApiId('Customer', customer.id), payload);
}

function stateOf(customer: Customer) {
  return {
    customerId: toApiId('Customer', customer.id),
    platformCustomerId: customer.platformCustomerId,
    customerType: customer.customerType,
    umaAddress: customer.umaAddress,
  };
}
