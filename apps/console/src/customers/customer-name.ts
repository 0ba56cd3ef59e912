import type { components } from '@console/api/openapi';

type Customer = components['schemas']['CustomerPage']['data'][number];

/** A person's full name, or a business's legal name. */
export function customerName(customer: Customer): string {
  if (customer.customerType === 'INDIVIDUAL') return customer.fullName ?? '';
  return customer.businessInfo?.legalName ?? '';
}
