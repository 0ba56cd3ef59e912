// What the benchmarks and the fault suite set up on their platforms: one customer, beneficiary and
// currency list, so that both exercise the same money.

/** USD and MXN, each from one cent to a billion units, with no counterparty fields. */
export const WIDE_CURRENCIES = ['USD', 'MXN'].map((currencyCode) => ({
  currencyCode,
  minAmount: 1,
  maxAmount: 100_000_000_000,
  requiredCounterpartyFields: [],
}));

export const BENEFICIARY = {
  beneficiaryType: 'INDIVIDUAL',
  fullName: 'Ada Lovelace',
  birthDate: '1990-12-10',
  nationality: 'GB',
  address: { line1: '1 Main St', city: 'London', state: 'LDN', postalCode: 'N1 1AA', country: 'GB' },
};

export function individualCustomer(platformCustomerId) {
  return {
    platformCustomerId,
    customerType: 'INDIVIDUAL',
    fullName: 'Ada Lovelace',
    birthDate: '1990-12-10',
    nationality: 'GB',
    address: { line1: '1 Main St', city: 'London', postalCode: 'N1 1AA', country: 'GB' },
  };
}
