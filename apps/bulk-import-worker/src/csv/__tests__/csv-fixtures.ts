import { randomUUID } from 'node:crypto';
import { KNOWN_COLUMNS } from '@bulk-import/csv/csv-columns';

/** The columns of the test files: every known one (bank ones included) and one this service ignores. */
export const COLUMNS = [...KNOWN_COLUMNS, 'internalNotes'];
export type Row = Partial<Record<string, string>>;

/** A prefix no other test run uses, for platformCustomerIds and UMA addresses (unique across platforms). */
export function runLabel(): string {
  return `t${randomUUID().slice(0, 8)}`;
}

export function individual(id: string, fields: Row = {}): Row {
  return {
    umaAddress: `$${id}@bulk.uma.local`,
    platformCustomerId: id,
    customerType: 'INDIVIDUAL',
    fullName: 'Ada Lovelace',
    birthDate: '1990-12-10',
    nationality: 'GB',
    email: `${id}@example.com`,
    addressLine1: '1 Main St',
    city: 'London',
    state: 'LDN',
    postalCode: 'N1 1AA',
    country: 'GB',
    internalNotes: 'dropped',
    ...fields,
  };
}

export function business(id: string, fields: Row = {}): Row {
  return {
    umaAddress: `$${id}@bulk.uma.local`,
    platformCustomerId: id,
    customerType: 'BUSINESS',
    businessLegalName: 'Acme Corporation',
    businessRegistrationNumber: 'BRN-1',
    businessTaxId: 'EIN-1',
    addressLine1: '100 Market Street',
    city: 'Seattle',
    state: 'WA',
    postalCode: '98101',
    country: 'US',
    description: 'imported',
    ...fields,
  };
}

export const US_ACCOUNT: Row = {
  accountType: 'US_ACCOUNT',
  accountNumber: '123456789',
  routingNumber: '021000021',
  accountCategory: 'CHECKING',
  bankName: 'Chase',
  platformAccountId: 'ext-1',
};
export const CLABE_ACCOUNT: Row = { accountType: 'CLABE', clabeNumber: '002010077777777771' };
export const PIX_ACCOUNT: Row = { accountType: 'PIX', pixKey: '+5511987654321', pixKeyType: 'PHONE' };
export const IBAN_ACCOUNT: Row = {
  accountType: 'IBAN',
  iban: 'DE89370400440532013000',
  swiftBic: 'DEUTDEFF',
};

/** A CSV with a header of `columns` and one line per row, quoting where CSV needs it. */
export function csvOf(rows: (Row | string)[], columns: readonly string[] = COLUMNS): string {
  const cell = (value = '') => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = rows.map((row) =>
    typeof row === 'string' ? row : columns.map((column) => cell(row[column])).join(','),
  );
  return `${[columns.join(','), ...lines].join('\n')}\n`;
}
