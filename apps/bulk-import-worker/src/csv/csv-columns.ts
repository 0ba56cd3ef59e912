import { CUSTOMER_TYPES, CustomerType } from '@payments/contracts';

/**
 * The columns of a bulk customer CSV (docs/api.md#bulk-import). `nationality`, `phoneNumber`, a
 * business's `email` and the bank columns are this service's additions, named after the customer's
 * fields: the platform's currencies may require them, and a bank account's beneficiary needs them.
 */
export const REQUIRED_FOR_ALL = ['umaAddress', 'platformCustomerId', 'customerType'] as const;
export const REQUIRED_BY_TYPE: Record<CustomerType, readonly string[]> = {
  INDIVIDUAL: ['fullName', 'birthDate', 'addressLine1', 'city', 'state', 'postalCode', 'country'],
  BUSINESS: ['businessLegalName', 'addressLine1', 'city', 'state', 'postalCode', 'country'],
};
export const OPTIONAL_BY_TYPE: Record<CustomerType, readonly string[]> = {
  INDIVIDUAL: ['addressLine2', 'platformAccountId', 'description', 'email', 'phoneNumber', 'nationality'],
  BUSINESS: [
    'addressLine2',
    'platformAccountId',
    'description',
    'email',
    'phoneNumber',
    'businessRegistrationNumber',
    'businessTaxId',
  ],
};
/** Optional for all; a row that fills them also gets an external account. */
export const BANK_COLUMNS = [
  'accountType',
  'accountNumber',
  'routingNumber',
  'accountCategory',
  'clabeNumber',
  'pixKey',
  'pixKeyType',
  'iban',
  'swiftBic',
  'bankName',
] as const;

export const KNOWN_COLUMNS: readonly string[] = [
  ...new Set([
    ...REQUIRED_FOR_ALL,
    ...CUSTOMER_TYPES.flatMap((type) => [...REQUIRED_BY_TYPE[type], ...OPTIONAL_BY_TYPE[type]]),
    ...BANK_COLUMNS,
  ]),
];

export interface HeaderCheck {
  /** The known columns the file has, in its order: what each stored row holds. */
  columns: string[];
  /** Where each of `columns` is in the file's records. */
  positions: number[];
  /** Columns this service does not know; their values are dropped. */
  ignoredColumns: string[];
  /** Required columns the file lacks; when any, the file is refused. */
  missingColumns: string[];
  /** Columns named twice; the file is refused, as it is unclear which one counts. */
  duplicateColumns: string[];
}

/**
 * Judges a file's header row. Every row needs the common columns; the type-specific ones must be
 * there for at least one customer type (a file of businesses needs no fullName column). A row of a
 * type whose columns the file lacks fails on its own.
 */
export function checkHeader(header: string[]): HeaderCheck {
  const names = header.map((name) => name.trim());
  const present = new Set(names);
  const common = [
    ...REQUIRED_FOR_ALL,
    ...REQUIRED_BY_TYPE.INDIVIDUAL.filter((column) => REQUIRED_BY_TYPE.BUSINESS.includes(column)),
  ];
  const missingByType = CUSTOMER_TYPES.map((type) =>
    REQUIRED_BY_TYPE[type].filter((column) => !common.includes(column) && !present.has(column)),
  );
  const typeSpecificMissing = missingByType.every((missing) => missing.length > 0)
    ? missingByType.flat()
    : [];
  const columns: string[] = [];
  const positions: number[] = [];
  names.forEach((name, position) => {
    if (KNOWN_COLUMNS.includes(name) && !columns.includes(name)) {
      columns.push(name);
      positions.push(position);
    }
  });
  return {
    columns,
    positions,
    ignoredColumns: [...new Set(names.filter((name) => !KNOWN_COLUMNS.includes(name)))],
    missingColumns: [...common.filter((column) => !present.has(column)), ...typeSpecificMissing],
    duplicateColumns: [...new Set(names.filter((name, index) => names.indexOf(name) !== index))],
  };
}
