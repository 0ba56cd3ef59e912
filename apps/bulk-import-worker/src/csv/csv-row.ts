import { BulkImportError, CUSTOMER_TYPES, CustomerType, unstorableText } from '@payments/contracts';
import { FieldError } from '@payments/http';
import {
  BANK_COLUMNS,
  KNOWN_COLUMNS,
  REQUIRED_BY_TYPE,
  REQUIRED_FOR_ALL,
} from '@bulk-import/csv/csv-columns';

/** A row as stored: its values for the job's columns, or how many fields it had when not as many as the header. */
export type StoredRow = string[] | number;

/** One customer to create, in the shape the customers app's batch endpoint takes. */
export interface BatchEntry {
  customer: Record<string, unknown>;
  externalAccount?: { currency: string; accountInfo: Record<string, unknown>; platformAccountId?: string };
}

/** The account types a CSV row can describe, with the currency each one's account is in. */
export const CSV_ACCOUNT_CURRENCIES: Record<string, string> = {
  US_ACCOUNT: 'USD',
  CLABE: 'MXN',
  PIX: 'BRL',
  IBAN: 'EUR',
};
const ACCOUNT_COLUMNS: Record<string, readonly string[]> = {
  US_ACCOUNT: ['accountNumber', 'routingNumber', 'accountCategory', 'bankName'],
  CLABE: ['clabeNumber', 'bankName'],
  PIX: ['pixKey', 'pixKeyType', 'bankName'],
  IBAN: ['iban', 'swiftBic', 'bankName'],
};

/** The CSV column behind each field the customers app may name in an error. */
const COLUMN_OF_FIELD: Record<string, string> = {
  'address.line1': 'addressLine1',
  'address.line2': 'addressLine2',
  'address.city': 'city',
  'address.state': 'state',
  'address.postalCode': 'postalCode',
  'address.country': 'country',
  'businessInfo.legalName': 'businessLegalName',
  'businessInfo.registrationNumber': 'businessRegistrationNumber',
  'businessInfo.taxId': 'businessTaxId',
  'externalAccount.platformAccountId': 'platformAccountId',
  ...Object.fromEntries(BANK_COLUMNS.map((column) => [`externalAccount.accountInfo.${column}`, column])),
};

/** The row's reference in its errors: its platformCustomerId, or `row_<n>` without one. */
export function correlationIdOf(row: StoredRow, columns: readonly string[], rowNumber: number): string {
  const platformCustomerId = typeof row === 'number' ? '' : valueOf(row, columns, 'platformCustomerId');
  return platformCustomerId || `row_${rowNumber}`;
}

/**
 * Reads one row into the customer (and bank account) it describes, or says why it cannot: too many
 * or too few fields, an unknown customerType, a required column left empty, or bank columns that
 * name no account. Values are trimmed; an empty cell is an absent value. How each value must look
 * (dates, country codes, account numbers) is judged by the customers app, with the rules of its API.
 */
export function readRow(
  row: StoredRow,
  columns: readonly string[],
  fieldCount: number,
): { entry: BatchEntry } | { errors: FieldError[] } {
  if (typeof row === 'number') {
    return { errors: [{ field: 'row', message: `has ${row} fields where the header has ${fieldCount}` }] };
  }
  const unstorable = unstorableCells(row, columns);
  if (unstorable.length > 0) return { errors: unstorable };
  const value = (column: string) => valueOf(row, columns, column);
  const optional = (column: string) => value(column) || undefined;
  const customerType = value('customerType') as CustomerType;
  if (!CUSTOMER_TYPES.includes(customerType)) {
    const missing = REQUIRED_FOR_ALL.filter((column) => column !== 'customerType' && !value(column));
    return {
      errors: [
        { field: 'customerType', message: oneOf(CUSTOMER_TYPES, customerType) },
        ...missing.map((field) => ({ field, message: 'is required' })),
      ],
    };
  }
  const errors: FieldError[] = [...REQUIRED_FOR_ALL, ...REQUIRED_BY_TYPE[customerType]]
    .filter((column) => !value(column))
    .map((field) => ({ field, message: `is required for ${customerType} rows` }));
  const address = {
    line1: value('addressLine1'),
    line2: optional('addressLine2'),
    city: value('city'),
    state: value('state'),
    postalCode: value('postalCode'),
    country: value('country'),
  };
  const customer: Record<string, unknown> = {
    platformCustomerId: value('platformCustomerId'),
    customerType,
    umaAddress: value('umaAddress'),
    address,
    description: optional('description'),
    email: optional('email'),
    phoneNumber: optional('phoneNumber'),
    ...(customerType === 'INDIVIDUAL'
      ? {
          fullName: value('fullName'),
          birthDate: value('birthDate'),
          nationality: optional('nationality'),
        }
      : {
          businessInfo: {
            legalName: value('businessLegalName'),
            registrationNumber: optional('businessRegistrationNumber'),
            taxId: optional('businessTaxId'),
          },
        }),
  };
  const accountType = value('accountType');
  const fillsBankColumns = BANK_COLUMNS.some((column) => value(column));
  let externalAccount: BatchEntry['externalAccount'];
  if (fillsBankColumns && customerType === 'BUSINESS') {
    errors.push({
      field: 'accountType',
      message:
        'bank columns are filled on a BUSINESS row, and only INDIVIDUAL rows take them (accounts pay individual beneficiaries): leave them empty',
    });
  } else if (fillsBankColumns && !(accountType in CSV_ACCOUNT_CURRENCIES)) {
    errors.push({
      field: 'accountType',
      message: `${oneOf(Object.keys(CSV_ACCOUNT_CURRENCIES), accountType)}, as bank columns are filled`,
    });
  } else if (fillsBankColumns) {
    externalAccount = {
      currency: CSV_ACCOUNT_CURRENCIES[accountType],
      accountInfo: {
        accountType,
        ...Object.fromEntries(ACCOUNT_COLUMNS[accountType].map((column) => [column, optional(column)])),
        // The customer is the account's holder, as the rails screen it.
        beneficiary: {
          beneficiaryType: 'INDIVIDUAL',
          fullName: customer.fullName,
          birthDate: customer.birthDate,
          nationality: customer.nationality,
          address,
        },
      },
      platformAccountId: optional('platformAccountId'),
    };
  }
  if (errors.length > 0) return { errors };
  return { entry: { customer, ...(externalAccount ? { externalAccount } : {}) } };
}

/**
 * The customers app's field errors in the file's terms: each field named by its CSV column (a bank
 * account's beneficiary is the row's own person, so its fields are the customer's columns), each
 * column and message once.
 */
export function columnErrors(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.flatMap(({ field, message }) => {
    const column = COLUMN_OF_FIELD[field] ?? beneficiaryColumn(field) ?? field;
    const key = `${column}\n${message}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ field: column, message }];
  });
}

/** A failure of the row numbered `rowNumber` as an entry of the job's `errors`; `details.row` locates it. */
export function rowError(
  correlationId: string,
  rowNumber: number,
  failure: { code: string; message: string; details?: Record<string, unknown> },
): BulkImportError {
  return {
    correlationId,
    code: failure.code,
    message: failure.message,
    details: { row: rowNumber, ...failure.details },
  };
}

function beneficiaryColumn(field: string): string | undefined {
  const prefix = 'externalAccount.accountInfo.beneficiary.';
  if (!field.startsWith(prefix)) return undefined;
  const beneficiaryField = field.slice(prefix.length);
  return COLUMN_OF_FIELD[beneficiaryField] ?? beneficiaryField;
}

/**
 * The known columns whose cell holds text no field may hold: judged here, so that the row fails
 * alone instead of making the customers app refuse the whole batch it would go in.
 */
function unstorableCells(row: string[], columns: readonly string[]): FieldError[] {
  return columns.flatMap((column, index) => {
    const fault =
      KNOWN_COLUMNS.includes(column) && row[index] !== undefined ? unstorableText(row[index]) : undefined;
    return fault ? [{ field: column, message: fault }] : [];
  });
}

/** A cell outside its list of values: required when empty, else named, with the values it may hold. */
function oneOf(values: readonly string[], value: string): string {
  const list = values.join(', ');
  return value
    ? `is ${JSON.stringify(value.slice(0, 40))}, not one of ${list}`
    : `is required: one of ${list}`;
}

function valueOf(row: string[], columns: readonly string[], column: string): string {
  const index = columns.indexOf(column);
  return index === -1 ? '' : (row[index] ?? '').trim();
}
