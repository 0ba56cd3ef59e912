/**
 * Create bodies of each customer type with what USD requires; `fields` add to them or replace them
 * (with bad values too, for the specs of refusals).
 */
export function individual<T extends object = object>(platformCustomerId: string, fields: T = {} as T) {
  return {
    platformCustomerId,
    customerType: 'INDIVIDUAL' as const,
    fullName: 'Jane Doe',
    birthDate: '1990-01-15',
    ...fields,
  };
}

export function business<T extends object = object>(platformCustomerId: string, fields: T = {} as T) {
  return {
    platformCustomerId,
    customerType: 'BUSINESS' as const,
    businessInfo: { legalName: 'Acme Corporation' },
    ...fields,
  };
}
