import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { providerRequirements, requiredCustomerFields } from '@customers/platforms/provider-requirements';

describe('providerRequirements', () => {
  it('asks for name and date of birth in every currency', () => {
    for (const code of SUPPORTED_CURRENCY_CODES) {
      expect(providerRequirements(code).customerFields).toEqual(
        expect.arrayContaining(['FULL_NAME', 'BIRTH_DATE']),
      );
      expect(providerRequirements(code).counterpartyCustomerFields).toEqual(
        expect.arrayContaining(['FULL_NAME', 'BIRTH_DATE']),
      );
    }
  });

  it('adds nationality and address for cross-border corridors only', () => {
    expect(providerRequirements('USD').customerFields).toEqual(['FULL_NAME', 'BIRTH_DATE']);
    expect(providerRequirements('MXN').customerFields).toEqual([
      'FULL_NAME',
      'BIRTH_DATE',
      'NATIONALITY',
      'ADDRESS',
    ]);
  });

  it('hands out copies that a caller cannot use to change the table', () => {
    providerRequirements('USD').customerFields.push('EMAIL');
    expect(providerRequirements('USD').customerFields).toEqual(['FULL_NAME', 'BIRTH_DATE']);
  });
});

describe('requiredCustomerFields', () => {
  it('unites the currencies requirements without repeats', () => {
    expect(requiredCustomerFields(['USD', 'EUR', 'BRL'])).toEqual([
      'FULL_NAME',
      'BIRTH_DATE',
      'NATIONALITY',
      'ADDRESS',
    ]);
    expect(requiredCustomerFields([])).toEqual([]);
  });
});
