import {
  business,
  CLABE_ACCOUNT,
  IBAN_ACCOUNT,
  individual,
  PIX_ACCOUNT,
  Row,
  US_ACCOUNT,
} from '@bulk-import/csv/__tests__/csv-fixtures';

export interface Expected {
  code: string;
  /** The CSV columns the error names, when the row has bad values. */
  columns?: string[];
}

/** Bad rows of each kind the import judges, with the error each must get; `label` makes their ids unique. */
export function badRows(label: string): [Row | string, Expected][] {
  return [
    [
      individual(`${label}-bad-type`, { customerType: 'PERSON' }),
      { code: 'INVALID_INPUT', columns: ['customerType'] },
    ],
    [individual(`${label}-no-uma`, { umaAddress: '' }), { code: 'INVALID_INPUT', columns: ['umaAddress'] }],
    [
      individual(`${label}-no-name`, {
        fullName: '',
        birthDate: '',
        addressLine1: '',
        city: '',
        state: '',
        postalCode: '',
        country: '',
      }),
      {
        code: 'INVALID_INPUT',
        columns: ['addressLine1', 'birthDate', 'city', 'country', 'fullName', 'postalCode', 'state'],
      },
    ],
    [
      business(`${label}-no-legal-name`, { businessLegalName: '' }),
      { code: 'INVALID_INPUT', columns: ['businessLegalName'] },
    ],
    [
      individual(`${label}-slash-date`, { birthDate: '1990/12/10' }),
      { code: 'INVALID_INPUT', columns: ['birthDate'] },
    ],
    [
      individual(`${label}-feb-30`, { birthDate: '1990-02-30' }),
      { code: 'INVALID_INPUT', columns: ['birthDate'] },
    ],
    [
      individual(`${label}-born-later`, { birthDate: '2999-01-01' }),
      { code: 'INVALID_INPUT', columns: ['birthDate'] },
    ],
    [individual(`${label}-country-xx`, { country: 'XX' }), { code: 'INVALID_INPUT', columns: ['country'] }],
    [
      individual(`${label}-lower-case`, { country: 'gb', nationality: 'gb' }),
      { code: 'INVALID_INPUT', columns: ['country', 'nationality'] },
    ],
    [business(`${label}-biz-country`, { country: 'USA' }), { code: 'INVALID_INPUT', columns: ['country'] }],
    [individual(`${label}-email`, { email: 'not-an-email' }), { code: 'INVALID_INPUT', columns: ['email'] }],
    [
      individual(`${label}-uma`, { umaAddress: 'not a uma address' }),
      { code: 'INVALID_INPUT', columns: ['umaAddress'] },
    ],
    [
      individual(`${label}-long-name`, { fullName: 'x'.repeat(201) }),
      { code: 'INVALID_INPUT', columns: ['fullName'] },
    ],
    [
      individual(`${label}-account-type`, { accountType: 'PAYPAL', accountNumber: '1' }),
      { code: 'INVALID_INPUT', columns: ['accountType'] },
    ],
    [business(`${label}-biz-bank`, US_ACCOUNT), { code: 'INVALID_INPUT', columns: ['accountType'] }],
    [
      individual(`${label}-routing`, { ...US_ACCOUNT, routingNumber: '021000022' }),
      { code: 'INVALID_BANK_ACCOUNT', columns: ['routingNumber'] },
    ],
    [
      individual(`${label}-account-number`, { ...US_ACCOUNT, accountNumber: '12' }),
      { code: 'INVALID_BANK_ACCOUNT', columns: ['accountNumber'] },
    ],
    [
      individual(`${label}-clabe`, { ...CLABE_ACCOUNT, clabeNumber: '002010077777777772' }),
      { code: 'INVALID_BANK_ACCOUNT', columns: ['clabeNumber'] },
    ],
    [
      individual(`${label}-pix`, { ...PIX_ACCOUNT, pixKey: '123' }),
      { code: 'INVALID_BANK_ACCOUNT', columns: ['pixKey'] },
    ],
    [
      individual(`${label}-iban`, { ...IBAN_ACCOUNT, iban: 'DE89370400440532013001' }),
      { code: 'INVALID_BANK_ACCOUNT', columns: ['iban'] },
    ],
    [
      individual(`${label}-no-routing`, { ...US_ACCOUNT, routingNumber: '' }),
      { code: 'INVALID_INPUT', columns: ['routingNumber'] },
    ],
    [
      individual(`${label}-category`, { ...US_ACCOUNT, accountCategory: 'BROKERAGE' }),
      { code: 'INVALID_INPUT', columns: ['accountCategory'] },
    ],
    [
      individual(`${label}-pix-type`, { ...PIX_ACCOUNT, pixKeyType: 'TWITTER' }),
      { code: 'INVALID_INPUT', columns: ['pixKeyType'] },
    ],
    [
      individual(`${label}-bank-no-nationality`, { ...US_ACCOUNT, nationality: 'United Kingdom' }),
      { code: 'INVALID_INPUT', columns: ['nationality'] },
    ],
    [individual(`${label}-existing`), { code: 'CONFLICT' }],
    // Judged in the worker: sent on, it would make the customers app refuse the rows batched with it.
    [
      individual(`${label}-nul`, { fullName: 'Ada\u0000Lovelace' }),
      { code: 'INVALID_INPUT', columns: ['fullName'] },
    ],
  ];
}
