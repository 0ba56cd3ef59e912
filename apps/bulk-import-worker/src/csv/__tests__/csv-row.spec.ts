import { columnErrors, correlationIdOf, readRow, rowError } from '@bulk-import/csv/csv-row';

const COLUMNS = [
  'umaAddress',
  'platformCustomerId',
  'customerType',
  'fullName',
  'birthDate',
  'nationality',
  'email',
  'phoneNumber',
  'businessLegalName',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
  'platformAccountId',
  'accountType',
  'accountNumber',
  'routingNumber',
  'accountCategory',
  'iban',
  'bankName',
];

function row(values: Record<string, string>): string[] {
  return COLUMNS.map((column) => values[column] ?? '');
}

const ADA = {
  umaAddress: '$ada@acme.example',
  platformCustomerId: 'ada-1',
  customerType: 'INDIVIDUAL',
  fullName: ' Ada Lovelace ',
  birthDate: '1990-12-10',
  nationality: 'GB',
  addressLine1: '1 Main St',
  city: 'London',
  state: 'LDN',
  postalCode: 'N1 1AA',
  country: 'GB',
};
const ADDRESS = { line1: '1 Main St', city: 'London', state: 'LDN', postalCode: 'N1 1AA', country: 'GB' };

describe('readRow', () => {
  it('reads an individual into the customer the customers app takes, trimmed, empty cells left out', () => {
    expect(readRow(row(ADA), COLUMNS, COLUMNS.length)).toEqual({
      entry: {
        customer: {
          platformCustomerId: 'ada-1',
          customerType: 'INDIVIDUAL',
          umaAddress: '$ada@acme.example',
          fullName: 'Ada Lovelace',
          birthDate: '1990-12-10',
          nationality: 'GB',
          address: ADDRESS,
        },
      },
    });
  });

  it('reads a business with its legal name, email and phone number, without the columns of individuals', () => {
    const business = {
      ...ADA,
      customerType: 'BUSINESS',
      businessLegalName: 'Acme SA',
      platformCustomerId: 'acme',
      email: 'ops@acme.example',
      phoneNumber: '+442071234567',
    };
    const read = readRow(row(business), COLUMNS, COLUMNS.length);
    expect(read).toEqual({
      entry: {
        customer: expect.objectContaining({
          customerType: 'BUSINESS',
          businessInfo: { legalName: 'Acme SA' },
          address: ADDRESS,
          email: 'ops@acme.example',
          phoneNumber: '+442071234567',
        }),
      },
    });
    expect('entry' in read && read.entry.customer).not.toHaveProperty('fullName');
  });

  it('makes the bank columns an external account of the currency of its type, the customer as its beneficiary', () => {
    const withAccount = {
      ...ADA,
      accountType: 'US_ACCOUNT',
      accountNumber: '123456789',
      routingNumber: '021000021',
      accountCategory: 'CHECKING',
      platformAccountId: 'ext-1',
    };
    const read = readRow(row(withAccount), COLUMNS, COLUMNS.length);
    expect('entry' in read && read.entry.externalAccount).toEqual({
      currency: 'USD',
      platformAccountId: 'ext-1',
      accountInfo: {
        accountType: 'US_ACCOUNT',
        accountNumber: '123456789',
        routingNumber: '021000021',
        accountCategory: 'CHECKING',
        beneficiary: {
          beneficiaryType: 'INDIVIDUAL',
          fullName: 'Ada Lovelace',
          birthDate: '1990-12-10',
          nationality: 'GB',
          address: ADDRESS,
        },
      },
    });
    const iban = readRow(
      row({ ...ADA, accountType: 'IBAN', iban: 'DE89370400440532013000' }),
      COLUMNS,
      COLUMNS.length,
    );
    expect('entry' in iban && iban.entry.externalAccount?.currency).toBe('EUR');
  });

  it.each([
    [{ customerType: 'PERSON' }, ['customerType']],
    [{ customerType: '', platformCustomerId: '' }, ['customerType', 'platformCustomerId']],
    [{ fullName: '', birthDate: '  ', state: '' }, ['fullName', 'birthDate', 'state']],
    [{ umaAddress: '', addressLine1: '', country: '' }, ['umaAddress', 'addressLine1', 'country']],
    [{ customerType: 'BUSINESS' }, ['businessLegalName']],
    [{ accountType: 'PAYPAL' }, ['accountType']],
    [{ accountNumber: '123' }, ['accountType']],
    [{ customerType: 'BUSINESS', businessLegalName: 'Acme', accountType: 'US_ACCOUNT' }, ['accountType']],
  ])('refuses %j, naming %j', (changes, fields) => {
    const read = readRow(row({ ...ADA, ...changes }), COLUMNS, COLUMNS.length);
    expect('errors' in read && read.errors.map((error) => error.field)).toEqual(fields);
  });

  it.each([
    [{ customerType: 'PERSON' }, 'customerType', 'is "PERSON", not one of INDIVIDUAL, BUSINESS'],
    [{ customerType: '' }, 'customerType', 'is required: one of INDIVIDUAL, BUSINESS'],
    [
      { accountType: 'PAYPAL' },
      'accountType',
      'is "PAYPAL", not one of US_ACCOUNT, CLABE, PIX, IBAN, as bank columns are filled',
    ],
    [
      { accountNumber: '123' },
      'accountType',
      'is required: one of US_ACCOUNT, CLABE, PIX, IBAN, as bank columns are filled',
    ],
    [
      { customerType: 'BUSINESS', businessLegalName: 'Acme', accountType: 'US_ACCOUNT' },
      'accountType',
      expect.stringMatching(/^bank columns are filled on a BUSINESS row.*: leave them empty$/),
    ],
  ])('names the value of %j and what the column takes', (changes, field, message) => {
    const read = readRow(row({ ...ADA, ...changes }), COLUMNS, COLUMNS.length);
    expect('errors' in read && read.errors).toContainEqual({ field, message });
  });

  it('refuses a row whose cells hold text no field may hold, naming each column', () => {
    const read = readRow(
      row({ ...ADA, fullName: 'Ada\u0000Lovelace', city: 'Lon\ud800don' }),
      COLUMNS,
      COLUMNS.length,
    );
    expect(read).toEqual({
      errors: [
        { field: 'fullName', message: 'holds a NUL character' },
        { field: 'city', message: 'holds an unpaired UTF-16 surrogate' },
      ],
    });
  });

  it('refuses a row with another number of fields than the header', () => {
    expect(readRow(3, COLUMNS, COLUMNS.length)).toEqual({
      errors: [{ field: 'row', message: `has 3 fields where the header has ${COLUMNS.length}` }],
    });
  });
});

describe('correlationIdOf', () => {
  it("is the row's platformCustomerId, or row_<n> without one", () => {
    expect(correlationIdOf(row(ADA), COLUMNS, 7)).toBe('ada-1');
    expect(correlationIdOf(row({ ...ADA, platformCustomerId: ' ' }), COLUMNS, 7)).toBe('row_7');
    expect(correlationIdOf(4, COLUMNS, 9)).toBe('row_9');
  });
});

describe('columnErrors', () => {
  it("names the customers app's fields by their CSV columns, each column and message once", () => {
    expect(
      columnErrors([
        { field: 'address.country', message: 'must be a country code' },
        { field: 'externalAccount.accountInfo.routingNumber', message: 'bad check digit' },
        {
          field: 'externalAccount.accountInfo.beneficiary.address.country',
          message: 'must be a country code',
        },
        { field: 'externalAccount.accountInfo.beneficiary.nationality', message: 'must be a country code' },
        { field: 'businessInfo.legalName', message: 'too long' },
        { field: 'externalAccount.currency', message: 'unknown' },
      ]),
    ).toEqual([
      { field: 'country', message: 'must be a country code' },
      { field: 'routingNumber', message: 'bad check digit' },
      { field: 'nationality', message: 'must be a country code' },
      { field: 'businessLegalName', message: 'too long' },
      { field: 'externalAccount.currency', message: 'unknown' },
    ]);
  });
});

describe('rowError', () => {
  it('locates the row in details', () => {
    expect(rowError('ada-1', 12, { code: 'CONFLICT', message: 'taken' })).toEqual({
      correlationId: 'ada-1',
      code: 'CONFLICT',
      message: 'taken',
      details: { row: 12 },
    });
  });
});
