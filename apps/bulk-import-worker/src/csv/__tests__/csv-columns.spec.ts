import { checkHeader } from '@bulk-import/csv/csv-columns';

const INDIVIDUAL_HEADER = [
  'umaAddress',
  'platformCustomerId',
  'customerType',
  'fullName',
  'birthDate',
  'addressLine1',
  'city',
  'state',
  'postalCode',
  'country',
];

describe('checkHeader', () => {
  it('keeps the known columns in file order with their positions, and names the others', () => {
    const check = checkHeader(['notes', ...INDIVIDUAL_HEADER, ' iban ', 'notes']);
    expect(check.columns).toEqual([...INDIVIDUAL_HEADER, 'iban']);
    expect(check.positions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(check.ignoredColumns).toEqual(['notes']);
    expect(check.missingColumns).toEqual([]);
    expect(check.duplicateColumns).toEqual(['notes']);
  });

  it('takes a file of businesses only, without the columns of individuals', () => {
    const header = [
      ...INDIVIDUAL_HEADER.filter((column) => column !== 'fullName' && column !== 'birthDate'),
      'businessLegalName',
    ];
    expect(checkHeader(header).missingColumns).toEqual([]);
  });

  it('names every missing column, and those of both customer types when neither type could be read', () => {
    expect(checkHeader(['platformCustomerId', 'customerType', 'fullName']).missingColumns).toEqual([
      'umaAddress',
      'addressLine1',
      'city',
      'state',
      'postalCode',
      'country',
      'birthDate',
      'businessLegalName',
    ]);
  });
});
